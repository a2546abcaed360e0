import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { listOf } from '../../../test/settingFixtures';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { MEDIA_TEXT } from '../../shared/messages/media';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { PERMISSIONS } from '../../shared/permissions';
import {
  mediaFilePath,
  mediaItemPath,
  mediaUsagePath,
  type MediaFile,
  type MediaUsage,
} from '../../shared/resources/media';
import { API_PATHS, itemPath, ROUTES } from '../../shared/routes';
import { MediaFileScreen } from './MediaFileScreen';
import { MediaListScreen } from './MediaListScreen';

const picture = (overrides: Partial<MediaFile> = {}): MediaFile => ({
  id: 5,
  url: '/uploads/2026-12/pump.png',
  preview_url: '/uploads/2026-12/pump.preview.webp',
  name: 'pump.png',
  kind: 'image',
  mime: 'image/png',
  size: 204_800,
  width: 1600,
  height: 900,
  alt: null,
  variants: [],
  uploader: { id: 1, name: 'Ada Admin' },
  created_at: '2026-11-20T09:15:00.000Z',
  updated_at: '2026-11-20T09:15:00.000Z',
  ...overrides,
});

const usages: MediaUsage[] = [
  { resource: 'brands', record_id: 3, title: 'Kestrel', field: 'logo', live: true },
  { resource: 'news', record_id: 8, title: 'Spring news', field: 'banner', live: false },
];

describe('MediaListScreen', () => {
  it('lists every file with its type, size, dimensions, alt text, uploader and date; rows open the file', async () => {
    fakeNetwork({
      [`GET ${API_PATHS.media}`]: {
        body: listOf([
          picture(),
          picture({
            id: 6,
            name: 'sheet.pdf',
            kind: 'document',
            mime: 'application/pdf',
            width: null,
            height: null,
            preview_url: null,
          }),
          picture({ id: 7, name: 'valve.png', alt: 'A brass valve' }),
        ]),
      },
    });
    renderWithProviders(<MediaListScreen disableVirtualization />, { path: ROUTES.media });
    expect(await screen.findByText('pump.png')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MEDIA_TEXT.title })).toBeInTheDocument();
    expect(screen.getAllByText('200 KB')).toHaveLength(3);
    expect(screen.getAllByText('1600 × 900 px').length).toBe(2);
    expect(screen.getByText(MEDIA_TEXT.noAlt)).toBeInTheDocument();
    expect(screen.getByText('A brass valve')).toBeInTheDocument();
    expect(screen.getByText(MEDIA_TEXT.document)).toBeInTheDocument();
    expect(screen.getAllByText('Ada Admin').length).toBe(3);
    expect(screen.getByRole('link', { name: 'sheet.pdf' })).toHaveAttribute(
      'href',
      itemPath(ROUTES.media, 6),
    );
    // No Add New (files come from the forms' uploads), no trash, no export.
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Deleted/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });

  it('shows the files as a grid of pictures when Grid is chosen, and keeps that choice in this browser', async () => {
    localStorage.removeItem(STORAGE_KEYS.mediaView);
    fakeNetwork({
      [`GET ${API_PATHS.media}`]: {
        body: listOf([
          picture(),
          picture({ id: 6, name: 'sheet.pdf', kind: 'document', mime: 'application/pdf', preview_url: null }),
        ]),
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<MediaListScreen disableVirtualization />, {
      path: ROUTES.media,
    });
    const view = await screen.findByRole('group', { name: LIST_SCREEN_MESSAGES.view });
    expect(within(view).getByRole('button', { name: LIST_SCREEN_MESSAGES.viewTable })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByRole('grid')).toBeInTheDocument();

    // By keyboard: the Grid button is a Tab stop of its own, Enter chooses it.
    within(view).getByRole('button', { name: LIST_SCREEN_MESSAGES.viewTable }).focus();
    await user.tab();
    expect(within(view).getByRole('button', { name: LIST_SCREEN_MESSAGES.viewGrid })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: MEDIA_TEXT.title })).getAllByRole('listitem');
    expect(tiles).toHaveLength(2);
    // A picture's tile shows its preview (decoration: the name is the tile's link); a document's, an icon.
    expect(tiles[0].querySelector('img')).toHaveAttribute('src', picture().preview_url);
    expect(tiles[1].querySelector('img')).toBeNull();
    expect(within(tiles[1]).getByRole('link', { name: 'sheet.pdf' })).toHaveAttribute(
      'href',
      itemPath(ROUTES.media, 6),
    );
    expect(within(tiles[0]).getByText('1600 × 900 px')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.mediaView)).toBe('grid');

    // Back to the library later: still the grid.
    unmount();
    renderWithProviders(<MediaListScreen disableVirtualization />, { path: ROUTES.media });
    expect(await screen.findByRole('list', { name: MEDIA_TEXT.title })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    localStorage.removeItem(STORAGE_KEYS.mediaView);
  });

  it('sends the missing-alt filter from the URL and shows the empty list', async () => {
    const network = fakeNetwork({ [`GET ${API_PATHS.media}`]: { body: listOf([]) } });
    renderWithProviders(<MediaListScreen disableVirtualization />, {
      path: ROUTES.media,
      route: `${ROUTES.media}?missing_alt=true&kinds=image`,
    });
    await waitFor(() => expect(network.requestsTo(API_PATHS.media).length).toBeGreaterThan(0));
    const { search } = network.requestsTo(API_PATHS.media)[0];
    expect(search).toContain('missing_alt=1');
    expect(search).toContain('kinds=image');
    // The empty grid's message offers it too.
    expect((await screen.findAllByRole('button', { name: 'Reset filters' })).length).toBeGreaterThan(0);
  });
});

/** The file's page answers: file 5 and its users. */
const fileRoutes = (users: MediaUsage[]) => ({
  [`GET ${mediaItemPath(5)}`]: { body: { data: picture() } },
  [`GET ${mediaUsagePath(5)}`]: { body: { data: users } },
});

describe('MediaFileScreen', () => {
  const path = itemPath(ROUTES.media, ':id');
  const route = itemPath(ROUTES.media, 5);

  it('shows the picture, its facts and where it is used, live or not, each record a link', async () => {
    fakeNetwork({
      ...fileRoutes(usages),
    });
    renderWithProviders(<MediaFileScreen />, { path, route });
    expect(await screen.findByRole('heading', { name: 'pump.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'pump.png' })).toHaveAttribute('src', picture().preview_url);
    const used = within(await screen.findByRole('region', { name: MEDIA_TEXT.usedBy }));
    expect(await used.findByRole('link', { name: 'Kestrel' })).toHaveAttribute(
      'href',
      itemPath(ROUTES.brands, 3),
    );
    expect(used.getByRole('link', { name: 'Spring news' })).toHaveAttribute('href', itemPath(ROUTES.news, 8));
    expect(used.getByText('Brand · Logo')).toBeInTheDocument();
    expect(used.getByText(MEDIA_TEXT.live)).toBeInTheDocument();
    expect(used.getByText(MEDIA_TEXT.notLive)).toBeInTheDocument();
  });

  it('refuses the delete in the dialog while a live item uses the file, naming it', async () => {
    fakeNetwork({
      ...fileRoutes(usages),
    });
    renderWithProviders(<MediaFileScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    const remove = await screen.findByRole('button', { name: MEDIA_TEXT.delete });
    // Enabled once the file's users are known (the confirmation lists them).
    await waitFor(() => expect(remove).toBeEnabled());
    await actor.click(remove);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/cannot be deleted: Kestrel \(Brand · Logo\)/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: MEDIA_TEXT.delete })).not.toBeInTheDocument();
  });

  it('confirms a delete listing the users of the file, then goes back to the library', async () => {
    const network = fakeNetwork({
      ...fileRoutes([usages[1]]),
      [`DELETE ${mediaItemPath(5)}`]: { body: { message: MEDIA_TEXT.deleted } },
    });
    renderWithProviders(<MediaFileScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    const remove = await screen.findByRole('button', { name: MEDIA_TEXT.delete });
    // Enabled once the file's users are known (the confirmation lists them).
    await waitFor(() => expect(remove).toBeEnabled());
    await actor.click(remove);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(MEDIA_TEXT.deleteUsers)).toBeInTheDocument();
    expect(dialog.getByText('Spring news')).toBeInTheDocument();
    await actor.click(dialog.getByRole('button', { name: MEDIA_TEXT.delete }));
    expect(await screen.findByText(MEDIA_TEXT.deleted)).toBeInTheDocument();
    expect(network.requestsTo(mediaItemPath(5)).some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByTestId('location')).toHaveTextContent(ROUTES.media);
  });

  it('replaces the file through the picker and says so', async () => {
    const network = fakeNetwork({
      ...fileRoutes(usages),
      [`POST ${mediaFilePath(5)}`]: {
        body: { data: picture({ name: 'new.png' }), message: MEDIA_TEXT.replaced },
      },
    });
    renderWithProviders(<MediaFileScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: MEDIA_TEXT.replace });
    await actor.upload(
      screen.getByTestId('replace-file-input'),
      new File(['png'], 'new.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(MEDIA_TEXT.replaced)).toBeInTheDocument();
    expect(network.requestsTo(mediaFilePath(5))[0].body).toBe('multipart');
  });

  it('offers neither Replace nor Delete to a reader of the library', async () => {
    fakeNetwork({
      ...fileRoutes([]),
    });
    renderWithProviders(<MediaFileScreen />, {
      path,
      route,
      auth: { user: { ...testUser, permissions: [PERMISSIONS.mediaIndex] } },
    });
    expect(await screen.findByText(MEDIA_TEXT.notUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MEDIA_TEXT.replace })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MEDIA_TEXT.delete })).not.toBeInTheDocument();
  });
});
