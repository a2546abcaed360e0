import { screen, waitFor, within } from '@testing-library/react';
import { fakeNetwork } from '../../../test/fakeNetwork';
import type { Dashboard } from '../../shared/contracts/dashboard';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { MENU } from '../../shared/menu';
import { PERMISSIONS } from '../../shared/permissions';
import { API_PATHS, itemPath, ROUTES } from '../../shared/routes';
import { DashboardScreen } from './DashboardScreen';
import { quickLinks } from './QuickLinksCard';
import { en } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

describe('DashboardScreen', () => {
  it('greets the signed-in user by name', () => {
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('sets the breadcrumbs to Dashboard', () => {
    const { store } = renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(store.getState().breadcrumbs).toEqual([{ label: en.dashboard }]);
  });

  it('shows the role and links only to the sections the user may open', () => {
    const user = {
      ...testUser,
      role: { id: 2, name: 'Editor' },
      permissions: [PERMISSIONS.newsIndex, PERMISSIONS.brandsIndex],
    };
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard, auth: { user } });
    expect(screen.getByText('Editor')).toBeInTheDocument();
    const links = within(screen.getByRole('list', { name: SCREEN_TEXT.quickLinks })).getAllByRole('link');
    // The calendar goes with any content resource the user may read (news here).
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ROUTES.brands,
      ROUTES.calendar,
      ROUTES.news,
    ]);
  });

  it('links to the profile and the change-password screens', () => {
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(screen.getByRole('link', { name: en.viewProfile })).toHaveAttribute('href', ROUTES.profile);
    expect(screen.getByRole('link', { name: en.changePassword })).toHaveAttribute(
      'href',
      ROUTES.changePassword,
    );
  });
});

const DASHBOARD: Dashboard = {
  week: {
    from: '2026-06-15',
    to: '2026-06-21',
    changes: [
      {
        key: 'promotions',
        item: 'Promotion',
        route: ROUTES.promotions,
        id: 4,
        title: 'Sale ending',
        date: '2026-06-17',
        change: 'ends',
      },
      {
        key: 'news',
        item: 'News',
        route: ROUTES.news,
        id: 9,
        title: 'Launch news',
        date: '2026-06-18',
        change: 'goes-live',
      },
    ],
  },
  stale: [{ key: 'news', item: 'News', route: ROUTES.news, count: 3 }],
  subscribers_added: 1,
  subscribers_by_day: null,
  recent_changes: [],
  inbox: { new: 5, overdue: 2, mine: 1 },
};

describe('DashboardScreen: what needs attention', () => {
  it('lists the week ahead by date, each opening its record, and what needs attention, each opening its list', async () => {
    fakeNetwork({
      [`GET ${API_PATHS.dashboard}`]: { body: { data: DASHBOARD } },
      [`GET ${API_PATHS.contactFormsCount}`]: { body: { data: { new: 5 } } },
    });
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    const week = await screen.findByRole('list', { name: DASHBOARD_MESSAGES.weekTitle });
    const changes = within(week).getAllByRole('link');
    // Each link's name is what it shows: the title, what it is and when, and the change.
    expect(changes.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [`Sale ending${'Promotion · 17 Jun 2026'}${DASHBOARD_MESSAGES.ends}`, itemPath(ROUTES.promotions, 4)],
      [`Launch news${'News · 18 Jun 2026'}${DASHBOARD_MESSAGES.goesLive}`, itemPath(ROUTES.news, 9)],
    ]);
    const attention = screen.getByRole('list', { name: DASHBOARD_MESSAGES.attentionTitle });
    await waitFor(() => expect(within(attention).getAllByRole('link')).toHaveLength(5));
    expect(
      within(attention)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        format(DASHBOARD_MESSAGES.overdueMessages, { count: 2 }),
        `${ROUTES.contactForms}?overdue=1&sort=due_at&order=asc`,
      ],
      [DASHBOARD_MESSAGES.mineMessage, `${ROUTES.contactForms}?assignee=mine&states=new,read`],
      [format(DASHBOARD_MESSAGES.newMessages, { count: 5 }), ROUTES.contactForms],
      [
        format(DASHBOARD_MESSAGES.stale, { item: 'News', count: 3 }),
        `${ROUTES.news}?sort=updated_at&order=asc`,
      ],
      [DASHBOARD_MESSAGES.subscriberAdded, ROUTES.subscribes],
    ]);
  });

  it('says when nothing is ahead or needs attention, and never asks for the inbox count without its permission', async () => {
    const network = fakeNetwork({
      [`GET ${API_PATHS.dashboard}`]: {
        body: {
          data: {
            week: { ...DASHBOARD.week, changes: [] },
            stale: [],
            subscribers_added: null,
            subscribers_by_day: null,
            recent_changes: [],
            inbox: null,
          },
        },
      },
    });
    const user = { ...testUser, permissions: [PERMISSIONS.newsIndex] };
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard, auth: { user } });
    await screen.findByText(format(DASHBOARD_MESSAGES.weekEmpty, { from: '15 Jun 2026', to: '21 Jun 2026' }));
    expect(screen.getByText(DASHBOARD_MESSAGES.attentionEmpty)).toBeInTheDocument();
    expect(network.requestsTo(API_PATHS.contactFormsCount)).toEqual([]);
  });

  it('says so in each card when the dashboard cannot be loaded', async () => {
    fakeNetwork({ [`GET ${API_PATHS.dashboard}`]: { status: 500, body: { message: 'Server Error' } } });
    renderWithProviders(<DashboardScreen />, {
      path: ROUTES.dashboard,
      auth: { user: { ...testUser, permissions: [] } },
    });
    // The week, what needs attention and the recent changes (no subscribers card without their permission).
    await waitFor(() => expect(screen.getAllByText(DASHBOARD_MESSAGES.failed)).toHaveLength(3));
  });
});

describe('quickLinks', () => {
  it('lists every section for a user holding every permission, without the dashboard', () => {
    const links = quickLinks(testUser.permissions);
    // Every entry of the menu but the dashboard (a resource added to the menu adds its link).
    const entries = MENU.flatMap((item) => item.children ?? [item]).filter(
      (item) => item.key !== 'dashboard',
    );
    expect(links.map((link) => link.key)).toEqual(entries.map((item) => item.key));
    expect(links).toContainEqual({ key: 'brand', label: 'Brand', group: 'Product', path: ROUTES.brands });
    expect(links).toContainEqual(expect.objectContaining({ label: 'Audit Log', path: ROUTES.auditLog }));
    expect(links.some((link) => link.path === ROUTES.dashboard)).toBe(false);
  });

  it('is empty for a user without section permissions', () => {
    expect(quickLinks([])).toEqual([]);
  });
});
