import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import type { Dashboard, RecentChange, SubscriberDay } from '../../shared/contracts/dashboard';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { DASHBOARD_CARDS_MESSAGES as M } from '../../shared/messages/dashboardCards';
import { PERMISSIONS } from '../../shared/permissions';
import { API_PATHS, itemPath, ROUTES } from '../../shared/routes';
import { DashboardScreen } from './DashboardScreen';
import { RecentChangesCard } from './RecentChangesCard';
import { SubscribersCard } from './SubscribersCard';

/** 30 days from 17 May to 15 Jun 2026: 2 on the first, 3 on the last, none between. */
const DAYS: SubscriberDay[] = Array.from({ length: 30 }, (_, index) => ({
  date: new Date(Date.UTC(2026, 4, 17 + index)).toISOString().slice(0, 10),
  count: index === 0 ? 2 : index === 29 ? 3 : 0,
}));

const change = (fields: Partial<RecentChange>): RecentChange => ({
  key: 'news',
  item: 'News',
  route: ROUTES.news,
  id: 9,
  title: 'Launch news',
  action: 'update',
  deleted: false,
  at: '2026-06-15T10:42:00.000Z',
  ...fields,
});

describe('SubscribersCard', () => {
  it('gives the total and the numbers of each day in a table behind the chart, shown on demand', async () => {
    renderWithProviders(<SubscribersCard days={DAYS} failed={false} />, { path: ROUTES.dashboard });
    expect(screen.getByRole('heading', { level: 2, name: M.subscribersTitle })).toBeInTheDocument();
    expect(
      screen.getByText(format(M.subscribersTotal, { count: 5, from: '17 May 2026', to: '15 Jun 2026' })),
    ).toBeInTheDocument();
    // The table is there for screen readers from the start (visually hidden), one row per day.
    const table = screen.getByRole('table', { name: M.tableCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('17 May 20262');
    expect(rows[30]).toHaveTextContent('15 Jun 20263');
    // The chart is hidden from screen readers (the table says the same).
    expect(screen.getByTestId('subscribers-chart')).toHaveAttribute('aria-hidden', 'true');

    const toggle = screen.getByRole('button', { name: M.showTable });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: M.hideTable })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: M.openSubscribers })).toHaveAttribute('href', ROUTES.subscribes);
  });

  it('says 1 subscriber, and says so when the dashboard failed', () => {
    const one = DAYS.map((day, index) => ({ ...day, count: index === 3 ? 1 : 0 }));
    const { unmount } = renderWithProviders(<SubscribersCard days={one} failed={false} />, {
      path: ROUTES.dashboard,
    });
    expect(
      screen.getByText(format(M.subscriberTotal, { from: '17 May 2026', to: '15 Jun 2026' })),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<SubscribersCard days={undefined} failed />, { path: ROUTES.dashboard });
    expect(screen.getByText(DASHBOARD_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('RecentChangesCard', () => {
  it("lists the user's changes, each opening its record; a deleted record's is not a link", () => {
    const changes = [
      change({}),
      change({ key: 'brands', item: 'Brand', route: ROUTES.brands, id: 3, title: 'Acme', action: 'create' }),
      change({ id: 12, title: 'Old news', action: 'delete', deleted: true }),
    ];
    renderWithProviders(<RecentChangesCard changes={changes} failed={false} />, { path: ROUTES.dashboard });
    const list = screen.getByRole('list', { name: M.recentTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      itemPath(ROUTES.news, 9),
      itemPath(ROUTES.brands, 3),
    ]);
    expect(links[0]).toHaveTextContent('Launch news');
    expect(links[0]).toHaveTextContent(/Updated · News · 15 Jun 2026 \d\d:42/);
    expect(links[1]).toHaveTextContent(/Created · Brand · /);
    expect(within(list).getByText('Old news')).not.toHaveAttribute('href');
    expect(within(list).getByText(/Deleted · News · .* · in the trash/)).toBeInTheDocument();
  });

  it('says when there is nothing yet', () => {
    renderWithProviders(<RecentChangesCard changes={[]} failed={false} />, { path: ROUTES.dashboard });
    expect(screen.getByText(M.recentEmpty)).toBeInTheDocument();
  });
});

const DASHBOARD: Dashboard = {
  week: { from: '2026-06-15', to: '2026-06-21', changes: [] },
  stale: [],
  subscribers_added: 5,
  subscribers_by_day: DAYS,
  recent_changes: [change({})],
  inbox: null,
};

describe('DashboardScreen: the subscribers and recent changes cards', () => {
  it('shows the subscribers card with its table when the server sends the days, and the recent changes', async () => {
    fakeNetwork({ [`GET ${API_PATHS.dashboard}`]: { body: { data: DASHBOARD } } });
    const user = { ...testUser, permissions: [PERMISSIONS.subscribesIndex, PERMISSIONS.newsIndex] };
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard, auth: { user } });
    expect(await screen.findByRole('table', { name: M.tableCaption })).toBeInTheDocument();
    const recent = screen.getByRole('list', { name: M.recentTitle });
    expect(within(recent).getByRole('link')).toHaveAttribute('href', itemPath(ROUTES.news, 9));
  });

  it('leaves the subscribers card out when the server sends no days (the caller may not read them)', async () => {
    fakeNetwork({
      [`GET ${API_PATHS.dashboard}`]: {
        body: { data: { ...DASHBOARD, subscribers_added: null, subscribers_by_day: null } },
      },
    });
    // Even for a user whose stale permissions in the SPA say otherwise: the server decides.
    const user = { ...testUser, permissions: [PERMISSIONS.subscribesIndex] };
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard, auth: { user } });
    await screen.findByRole('list', { name: M.recentTitle });
    expect(screen.queryByRole('heading', { name: M.subscribersTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('never shows the subscribers card to a user without their read permission', async () => {
    fakeNetwork({
      [`GET ${API_PATHS.dashboard}`]: {
        body: { data: { ...DASHBOARD, subscribers_added: null, subscribers_by_day: null } },
      },
    });
    renderWithProviders(<DashboardScreen />, {
      path: ROUTES.dashboard,
      auth: { user: { ...testUser, permissions: [PERMISSIONS.newsIndex] } },
    });
    expect(screen.queryByRole('heading', { name: M.subscribersTitle })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list', { name: M.recentTitle })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: M.subscribersTitle })).not.toBeInTheDocument();
  });
});
