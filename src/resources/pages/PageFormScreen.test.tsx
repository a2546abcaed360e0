import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { pageUpdateSchema, PAGE_SECTIONS, SECTIONS, type Page } from '../../shared/resources/pages';
import { ROUTES } from '../../shared/routes';
import { PageFormScreen } from './PageFormScreen';

const about: Page = {
  id: 2,
  key: 'about',
  title: 'About',
  description: null,
  banner: null,
  image: null,
  mobile_image: null,
  status: 1,
  meta_title: null,
  meta_description: null,
  meta_keyword: null,
  sections: {
    why_us: { title: 'Why us', items: [{ title: 'Quality', description: 'Tested twice', image: null }] },
    principle: { title: '', description: '' },
    vision: { title: '', description: '' },
    mission: { title: '', description: '', image: null },
    office: { title: '', image: null },
    branches: { title: '', items: [] },
  },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  created_by: null,
  updated_by: { id: 1, name: 'Admin' },
};

function renderForm(page: Page = about) {
  const net = fakeNetwork({ [`GET /api/pages/${page.id}`]: { body: { data: page } } });
  const view = renderWithProviders(<PageFormScreen />, {
    path: `${ROUTES.pages}/:id`,
    route: `${ROUTES.pages}/${page.id}`,
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

const whyUs = () => screen.getByRole('region', { name: 'Why Us' });
const itemTitles = () =>
  within(whyUs())
    .getAllByLabelText(/^Title/)
    .slice(1)
    .map((input) => (input as HTMLInputElement).value);

describe('PageFormScreen', () => {
  it('has an input for every common field and every field of the page’s sections, each section in its own card', async () => {
    const { container } = renderForm();
    await screen.findByRole('region', { name: 'Why Us' });
    const shown = new Set(
      [...container.querySelectorAll('[data-field]')].map((node) => node.getAttribute('data-field')),
    );
    const common = Object.keys(pageUpdateSchema.fields).filter(
      (field) => !['sections', 'updated_at'].includes(field),
    );
    expect(common.filter((field) => !shown.has(field))).toEqual([]);
    for (const section of PAGE_SECTIONS.about) {
      expect(screen.getByRole('region', { name: SECTIONS[section].label })).toBeInTheDocument();
      for (const field of SECTIONS[section].fields)
        expect(shown).toContain(`sections.${section}.${field.name}`);
    }
    for (const field of SECTIONS.why_us.items.fields)
      expect(shown).toContain(`sections.why_us.items[0].${field.name}`);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('adds, reorders and removes items with the keyboard, focus following the item, and saves them in order', async () => {
    const { actor, route, requestsTo } = renderForm();
    await screen.findByRole('region', { name: 'Why Us' });
    route(`PUT /api/pages/${about.id}`, {
      body: { data: about, message: 'Page has been successfully updated' },
    });

    // Add: Enter on the button; focus lands in the new item's first input.
    act(() => within(whyUs()).getByRole('button', { name: 'Add Item' }).focus());
    await actor.keyboard('{Enter}');
    const second = within(whyUs()).getByRole('group', { name: 'Item 2' });
    expect(within(second).getByLabelText(/^Title/)).toHaveFocus();
    await actor.keyboard('Service');

    // Alt + Arrow Up inside the item moves it up; focus stays on it.
    await actor.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(itemTitles()).toEqual(['Service', 'Quality']);
    expect(within(whyUs()).getByRole('status')).toHaveTextContent('Item 2 moved to position 1');

    // The move buttons by keyboard: Enter on "Move Item 1 down", focus follows to the moved item.
    act(() => within(whyUs()).getByRole('button', { name: 'Move Item 1 down' }).focus());
    await actor.keyboard('{Enter}');
    expect(itemTitles()).toEqual(['Quality', 'Service']);
    expect(within(whyUs()).getByRole('button', { name: 'Move Item 2 up' })).toHaveFocus();
    // The preview (a panel on a narrow screen) shows what was typed, in the new order.
    await actor.click(screen.getByRole('button', { name: 'Show Preview' }));
    const preview = await screen.findByTestId('page-preview');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['QualityTested twice', 'Service']);
    await actor.click(screen.getByRole('button', { name: 'Hide Preview' }));
    await waitFor(() => expect(screen.queryByTestId('page-preview')).not.toBeInTheDocument());

    // Remove by keyboard; focus moves to the remaining neighbour.
    act(() => within(whyUs()).getByRole('button', { name: 'Remove Item 1' }).focus());
    await actor.keyboard('{Enter}');
    expect(itemTitles()).toEqual(['Service']);
    expect(within(whyUs()).getByRole('button', { name: 'Remove Item 1' })).toHaveFocus();

    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page has been successfully updated')).toBeInTheDocument();
    const [request] = requestsTo(`/api/pages/${about.id}`).filter((sent) => sent.method === 'PUT');
    expect((request.body as { sections: Page['sections'] }).sections.why_us).toEqual({
      title: 'Why us',
      items: [{ title: 'Service', description: '', image: null, image_alt: '' }],
    });
    expect(request.body).toMatchObject({ title: 'About', updated_at: about.updated_at });
  });

  it('offers no more items than the maximum and checks required item fields before saving', async () => {
    const full = {
      ...about,
      sections: {
        ...about.sections,
        why_us: {
          title: '',
          items: Array.from({ length: 6 }, (_, index) => ({
            title: `Reason ${index + 1}`,
            description: '',
            image: null,
          })),
        },
      },
    };
    const { actor, requestsTo } = renderForm(full);
    await screen.findByRole('region', { name: 'Why Us' });
    expect(within(whyUs()).getByRole('button', { name: 'Add Item' })).toBeDisabled();
    expect(within(whyUs()).getByText('6 of at most 6')).toBeInTheDocument();

    const branches = screen.getByRole('region', { name: 'Our Branches' });
    await actor.click(within(branches).getByRole('button', { name: 'Add Branch' }));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(branches).findByText('Name is required')).toBeInTheDocument();
    expect(within(branches).getByText('Address is required')).toBeInTheDocument();
    expect(requestsTo(`/api/pages/${about.id}`).filter((request) => request.method === 'PUT')).toHaveLength(
      0,
    );
  });

  it('asks for each section picture’s alt text, starting from the file’s, and saves none without it', async () => {
    const office = { id: 9, url: '/uploads/office.jpg', name: 'office.jpg', mime: 'image/jpeg', size: 1200 };
    const { actor, route, requestsTo } = renderForm({
      ...about,
      sections: {
        ...about.sections,
        office: { title: 'Our office', image: { ...office, alt: 'The front desk' } },
      },
    });
    const card = await screen.findByRole('region', { name: 'Our Office' });
    const alt = within(card).getByRole('textbox', { name: /^Alt text/ });
    expect(alt).toHaveValue('The front desk');
    route(`PUT /api/pages/${about.id}`, {
      body: { data: about, message: 'Page has been successfully updated' },
    });

    await actor.clear(alt);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Alt text is required')).toBeInTheDocument();
    expect(requestsTo(`/api/pages/${about.id}`).filter((request) => request.method === 'PUT')).toHaveLength(
      0,
    );

    await actor.type(alt, 'Our office at dawn');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page has been successfully updated')).toBeInTheDocument();
    const [request] = requestsTo(`/api/pages/${about.id}`).filter((sent) => sent.method === 'PUT');
    expect((request.body as { sections: Page['sections'] }).sections.office).toEqual({
      title: 'Our office',
      image: office.id,
      image_alt: 'Our office at dawn',
    });
  });

  it('puts the server’s 422 on a nested item field', async () => {
    const { actor, route } = renderForm();
    await screen.findByRole('region', { name: 'Why Us' });
    route(`PUT /api/pages/${about.id}`, {
      status: 422,
      body: {
        message: 'Icon or Image is invalid',
        errors: { 'sections.why_us.items[0].image': ['Icon or Image is invalid'] },
      },
    });
    await actor.type(screen.getAllByLabelText(/^Title/)[0], ' us');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(within(whyUs()).getByRole('group', { name: 'Item 1' })).getAllByText(
          'Icon or Image is invalid',
        ).length,
      ).toBeGreaterThan(0),
    );
  });
});
