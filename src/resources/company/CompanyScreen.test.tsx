import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import type { CompanySettings } from '../../shared/resources/company';
import { PERMISSIONS } from '../../shared/permissions';
import { API_PATHS, ROUTES } from '../../shared/routes';
import { CompanyScreen } from './CompanyScreen';

const COMPANY_PATH = API_PATHS.companySettings;

const settings: CompanySettings = {
  logo: null,
  youtube_link: 'https://youtube.com/@acme',
  description: 'We make things.',
  office_phone_number: '+62 21 555 0100',
  get_in_touch_description: 'Write to us.',
  iframe_address: null,
  instagram_link: null,
  facebook_link: 'https://facebook.com/acme',
  linkedin: null,
  address: 'Jl. Sudirman 1\nJakarta',
  notification_email: 'inbox@acme.test',
  time_zone: 'Asia/Jakarta',
  updated_at: '2024-05-01T10:00:00.000Z',
};

function renderCompany(permissions?: string[]) {
  return renderWithProviders(<CompanyScreen />, {
    path: ROUTES.company,
    auth: permissions ? { user: { ...testUser, permissions } } : undefined,
  });
}

describe('CompanyScreen', () => {
  it('loads the stored settings into the form and sets the breadcrumbs', async () => {
    fakeNetwork({ [`GET ${COMPANY_PATH}`]: { body: { data: settings } } });
    const { store } = renderCompany();
    expect(await screen.findByLabelText('Youtube Link')).toHaveValue('https://youtube.com/@acme');
    expect(screen.getByLabelText('Description')).toHaveValue('We make things.');
    expect(screen.getByLabelText('Office Phone Number')).toHaveValue('+62 21 555 0100');
    expect(screen.getByLabelText('Address')).toHaveValue('Jl. Sudirman 1\nJakarta');
    expect(screen.getByLabelText('Instagram Link')).toHaveValue('');
    expect(screen.getByText('Recommended size 240 x 80 px, maximum file size 2 MB')).toBeInTheDocument();
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Setting', disabled: true },
      { label: 'Company' },
    ]);
  });

  it('saves every field with the updated_at it started from and toasts the message', async () => {
    const saved = {
      ...settings,
      linkedin: 'https://linkedin.com/company/acme',
      updated_at: '2024-05-02T00:00:00.000Z',
    };
    const { requestsTo } = fakeNetwork({
      [`GET ${COMPANY_PATH}`]: { body: { data: settings } },
      [`PUT ${COMPANY_PATH}`]: {
        body: { data: saved, message: 'Company Setting has been successfully updated' },
      },
    });
    renderCompany();
    const actor = userEvent.setup({ delay: null });
    await actor.type(await screen.findByLabelText('Linkedin'), 'https://linkedin.com/company/acme');
    await actor.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company Setting has been successfully updated')).toBeInTheDocument();
    const [put] = requestsTo(COMPANY_PATH).filter((request) => request.method === 'PUT');
    expect(put.body).toEqual({ ...settings, linkedin: 'https://linkedin.com/company/acme' });
  });

  it('shows a 422 on the youtube link field', async () => {
    fakeNetwork({
      [`GET ${COMPANY_PATH}`]: { body: { data: settings } },
      [`PUT ${COMPANY_PATH}`]: {
        status: 422,
        body: { message: 'Youtube Link is invalid', errors: { youtube_link: ['Youtube Link is invalid'] } },
      },
    });
    renderCompany();
    const actor = userEvent.setup({ delay: null });
    await actor.type(await screen.findByLabelText('Description'), ' Since 1990.');
    await actor.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('textbox', { name: 'Youtube Link' })).toHaveAccessibleDescription(
      'Youtube Link is invalid',
    );
  });

  it('validates a link before saving', async () => {
    const { requestsTo } = fakeNetwork({ [`GET ${COMPANY_PATH}`]: { body: { data: settings } } });
    renderCompany();
    const actor = userEvent.setup({ delay: null });
    const link = await screen.findByLabelText('Instagram Link');
    await actor.type(link, 'not a link');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instagram Link is invalid')).toBeInTheDocument();
    expect(requestsTo(COMPANY_PATH).filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('offers the time zones by typing and saves the one picked; shows a 422 on it', async () => {
    const { requestsTo } = fakeNetwork({
      [`GET ${COMPANY_PATH}`]: { body: { data: settings } },
      [`PUT ${COMPANY_PATH}`]: {
        status: 422,
        body: { message: 'Time Zone is invalid', errors: { time_zone: ['Time Zone is invalid'] } },
      },
    });
    renderCompany();
    const actor = userEvent.setup({ delay: null });
    const zone = await screen.findByRole('combobox', { name: 'Time Zone' });
    expect(zone).toHaveValue('Asia/Jakarta');
    await actor.clear(zone);
    await actor.type(zone, 'Berlin');
    await actor.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    expect(zone).toHaveValue('Europe/Berlin');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time Zone is invalid')).toBeInTheDocument();
    const [put] = requestsTo(COMPANY_PATH).filter((request) => request.method === 'PUT');
    expect(put.body).toMatchObject({ time_zone: 'Europe/Berlin' });
  });

  it('is read-only without settings.update', async () => {
    fakeNetwork({ [`GET ${COMPANY_PATH}`]: { body: { data: settings } } });
    renderCompany([PERMISSIONS.settingsShow]);
    expect(await screen.findByLabelText('Youtube Link')).toBeDisabled();
    expect(screen.getByLabelText('Address')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Time Zone' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
