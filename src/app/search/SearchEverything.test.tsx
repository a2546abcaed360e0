import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { SEARCH_LIMITS, type SearchAnswer } from '../../shared/contracts/search';
import { format } from '../../shared/messages';
import { SEARCH_MESSAGES } from '../../shared/messages/search';
import { PERMISSIONS } from '../../shared/permissions';
import { API_PATHS, itemPath, ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { SearchEverything } from './SearchEverything';

const ANSWER: SearchAnswer = {
  data: [
    {
      key: 'brands',
      item: 'Brand',
      route: ROUTES.brands,
      results: [
        { id: 7, title: 'Osprey Works' },
        { id: 3, title: 'Osprey Valves' },
      ],
      more: true,
    },
    {
      key: 'products',
      item: 'Product',
      route: ROUTES.products,
      results: [{ id: 11, title: 'Osprey P-200' }],
      more: false,
    },
  ],
};

const combobox = () => screen.getByRole('combobox', { name: SEARCH_MESSAGES.label });
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('Search everything', () => {
  beforeEach(() => localStorage.clear());

  it('opens with Ctrl-K (and Cmd-K), searches after a pause, groups the records and opens one with Enter', async () => {
    const user = userEvent.setup();
    const network = fakeNetwork({ [`GET ${API_PATHS.search}`]: { body: ANSWER } });
    const { router } = renderWithProviders(<SearchEverything />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: SEARCH_MESSAGES.title });
    await waitFor(() => expect(combobox()).toHaveFocus());
    await user.keyboard('osprey');
    await within(dialog).findByText('Osprey Works');
    // One request for the whole word, sent after typing paused.
    expect(network.requestsTo(API_PATHS.search).map((request) => request.search)).toEqual(['?q=osprey']);

    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(
      groups.map((group) => group.getAttribute('aria-labelledby') && group.firstChild?.textContent),
    ).toEqual(['Product › Brand', 'Product › List']);
    expect(options().map((option) => option.textContent)).toEqual([
      'Osprey WorksBrand',
      'Osprey ValvesBrand',
      `${format(SEARCH_MESSAGES.more, { item: 'Brand' })}Product › Brand`,
      'Osprey P-200Product',
    ]);
    expect(activeOption()).toBe(options()[0]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(options()[3]);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(options()[0]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.products, 11));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again: an empty box lists the record opened last, for this user only.
    await user.keyboard('{Meta>}k{/Meta}');
    await screen.findByRole('dialog');
    expect(within(screen.getByRole('listbox')).getAllByRole('group')[0]).toHaveTextContent(
      `${SEARCH_MESSAGES.recent}Osprey P-200Product`,
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.recentRecords) ?? '{}').user).toBe(testUser.id);
  });

  it('opens "more" as the list searched for the text, from the header button', async () => {
    const user = userEvent.setup();
    fakeNetwork({ [`GET ${API_PATHS.search}`]: { body: ANSWER } });
    const { router } = renderWithProviders(<SearchEverything />);
    await user.click(screen.getByRole('button', { name: new RegExp(SEARCH_MESSAGES.open) }));
    await user.keyboard('osprey');
    await user.click(await screen.findByText(format(SEARCH_MESSAGES.more, { item: 'Brand' })));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `${ROUTES.brands}?search=osprey`,
    );
  });

  it('says what is wrong instead of searching: too short, nothing found, a failed search', async () => {
    const user = userEvent.setup();
    const network = fakeNetwork({ [`GET ${API_PATHS.search}`]: { body: { data: [] } } });
    renderWithProviders(<SearchEverything />);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog');
    expect(screen.getByRole('status')).toHaveTextContent(SEARCH_MESSAGES.noRecent);
    await user.keyboard('os');
    expect(screen.getByRole('status')).toHaveTextContent(
      format(SEARCH_MESSAGES.tooShort, { min: SEARCH_LIMITS.minLength }),
    );
    await user.keyboard('zz');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(format(SEARCH_MESSAGES.nothing, { text: 'oszz' })),
    );
    expect(network.requestsTo(API_PATHS.search)).toHaveLength(1);

    network.route(`GET ${API_PATHS.search}`, { status: 500, body: { message: 'Server Error' } });
    await user.keyboard('y');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SEARCH_MESSAGES.failed));
  });

  it('offers the screens the user may open, matched by their place in the menu', async () => {
    const user = userEvent.setup();
    fakeNetwork({ [`GET ${API_PATHS.search}`]: { body: { data: [] } } });
    const { router } = renderWithProviders(<SearchEverything />, {
      auth: { user: { ...testUser, permissions: [PERMISSIONS.settingsShow] } },
    });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog');
    await user.keyboard('comp');
    expect(options().map((option) => option.textContent)).toEqual(['Setting › Company']);
    // Screens the role cannot open are never offered.
    await user.clear(combobox());
    await user.keyboard('brand');
    expect(options()).toEqual([]);
    await user.clear(combobox());
    await user.keyboard('company{Enter}');
    expect(router.state.location.pathname).toBe(ROUTES.company);
  });

  it("never shows another user's recent records", async () => {
    localStorage.setItem(
      STORAGE_KEYS.recentRecords,
      JSON.stringify({ user: testUser.id + 1, records: [{ path: '/x/1', title: 'Secret', item: 'Brand' }] }),
    );
    const user = userEvent.setup();
    fakeNetwork();
    renderWithProviders(<SearchEverything />);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog');
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
  });
});
