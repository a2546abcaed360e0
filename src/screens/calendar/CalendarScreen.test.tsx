import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { toastActions } from '../../../store/toastSlice';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { format } from '../../shared/messages';
import { CALENDAR_MESSAGES as M } from '../../shared/messages/calendar';
import { PERMISSIONS } from '../../shared/permissions';
import { API_PATHS, itemPath, ROUTES } from '../../shared/routes';
import { CalendarScreen } from './CalendarScreen';
import { DRAG_TYPE } from './CalendarEntry';

const base = { updated_at: '2026-06-01T10:00:00.000Z', overlaps: false } as const;
const SALE: CalendarItem = {
  ...base,
  key: 'promotions',
  group: 'promotions',
  item: 'Promotion',
  route: ROUTES.promotions,
  id: 4,
  title: 'Summer sale',
  date: '2026-06-10',
  end_date: '2026-06-12',
  publish_state: 'live',
  overlaps: true,
};
const NEWS: CalendarItem = {
  ...base,
  key: 'news',
  group: 'news',
  item: 'News',
  route: ROUTES.news,
  id: 9,
  title: 'Launch news',
  date: '2026-06-18',
  end_date: null,
  publish_state: 'scheduled',
};
const LONG: CalendarItem = { ...SALE, id: 5, title: 'Long sale', date: '2026-01-01', end_date: null };
const ROUTE = `${ROUTES.calendar}?view=month&day=2026-06-15`;

const network = () =>
  fakeNetwork({
    [`GET ${API_PATHS.calendar}`]: (request) => ({
      body: {
        data: {
          from: '',
          to: '',
          items: request.search.includes('from=2026-05-31') ? [SALE, NEWS, LONG] : [],
        },
      },
    }),
    [`GET ${API_PATHS.calendarFeed}`]: { body: { data: { active: false, created_at: null } } },
    [`POST ${API_PATHS.calendarMove}`]: (request) => ({
      body: {
        data: { ...SALE, ...(request.body as object), updated_at: '2026-06-02T00:00:00.000Z' },
        message: 'Promotion has been moved',
      },
    }),
  });

describe('CalendarScreen', () => {
  it("shows a month's whole weeks with each item on its go-live and end day, linking to its record", async () => {
    const requests = network();
    renderWithProviders(<CalendarScreen />, { route: ROUTE });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('June 2026');
    const grid = screen.getByRole('table', { name: M.title });
    const sale = await within(grid).findAllByRole('link', { name: /^(→ )?Summer sale · Live, Promotion/ });
    expect(sale.map((link) => link.getAttribute('aria-label'))).toEqual([
      `Summer sale · Live, Promotion, ${M.startsOn}, ${M.overlaps}`,
      `→ Summer sale · Live, Promotion, ${M.endsOn}, ${M.overlaps}`,
    ]);
    expect(sale[0]).toHaveAttribute('href', itemPath(ROUTES.promotions, 4));
    expect(within(grid).getByRole('link', { name: /^Launch news · Scheduled, News/ })).toHaveAttribute(
      'href',
      itemPath(ROUTES.news, 9),
    );
    expect(screen.getByText(new RegExp(`^${M.running}: Long sale`))).toBeInTheDocument();
    expect(within(grid).getAllByTitle(M.overlaps)).toHaveLength(2);
    expect(requests.requestsTo(API_PATHS.calendar)[0].search).toContain('from=2026-05-31&to=2026-07-04');
  });

  it('has a legend naming each readable resource beside its colour, and the states', async () => {
    network();
    const user = { ...testUser, permissions: [PERMISSIONS.newsIndex] };
    renderWithProviders(<CalendarScreen />, { route: ROUTE, auth: { user } });
    const legend = screen.getByRole('region', { name: M.legend });
    expect(within(legend).getByText('News')).toBeInTheDocument();
    expect(within(legend).queryByText('Promotion')).not.toBeInTheDocument();
    expect(within(legend).getByText('Draft')).toBeInTheDocument();
    // Without news.update, nothing offers a move.
    await screen.findAllByRole('link', { name: /Summer sale · / });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('switches to the week view and moves through weeks by keyboard', async () => {
    const requests = network();
    renderWithProviders(<CalendarScreen />, { route: ROUTE });
    await userEvent.click(screen.getByRole('button', { name: M.week }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('14 Jun – 20 Jun 2026');
    screen.getByRole('button', { name: format(M.next, { view: 'week' }) }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('21 Jun – 27 Jun 2026');
    await waitFor(() =>
      expect(requests.requestsTo(API_PATHS.calendar).map((request) => request.search)).toContainEqual(
        expect.stringContaining('from=2026-06-21&to=2026-06-27'),
      ),
    );
  });

  it('moves an item with the Move dialog (its end follows), then Undo moves it back', async () => {
    const requests = network();
    const { store } = renderWithProviders(<CalendarScreen />, { route: ROUTE });
    const [move] = await screen.findAllByRole('button', {
      name: format(M.moveItem, { title: 'Summer sale' }),
    });
    await userEvent.click(move);
    const dialog = screen.getByRole('dialog', { name: format(M.moveTitle, { title: 'Summer sale' }) });
    const date = within(dialog).getByLabelText(new RegExp(M.newDate));
    fireEvent.change(date, { target: { value: '2026-06-13' } });
    expect(within(dialog).getByText(format(M.newEnd, { end: '15 Jun 2026' }))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: M.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.requestsTo(API_PATHS.calendarMove).map((request) => request.body)).toEqual([
      { key: 'promotions', id: 4, date: '2026-06-13', updated_at: SALE.updated_at },
    ]);
    const toast = store.getState().toasts.find((item) => item.action);
    expect(toast?.message).toBe('Promotion has been moved');
    act(() => toastActions.get(toast!.id)!());
    await waitFor(() => expect(requests.requestsTo(API_PATHS.calendarMove)).toHaveLength(2));
    expect(requests.requestsTo(API_PATHS.calendarMove)[1].body).toEqual({
      key: 'promotions',
      id: 4,
      date: '2026-06-10',
      updated_at: '2026-06-02T00:00:00.000Z',
    });
  });

  it('moves an item dropped on another day by as many days as it was carried', async () => {
    const requests = network();
    renderWithProviders(<CalendarScreen />, { route: ROUTE });
    const [, end] = await screen.findAllByRole('link', { name: /Summer sale · / });
    const carried = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => carried.set(type, value),
      getData: (type: string) => carried.get(type) ?? '',
      get types() {
        return [...carried.keys()];
      },
      effectAllowed: 'all',
    };
    fireEvent.dragStart(end, { dataTransfer });
    const target = document.querySelector('[data-day="2026-06-14"]')!;
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(carried.has(DRAG_TYPE)).toBe(true);
    await waitFor(() =>
      expect(requests.requestsTo(API_PATHS.calendarMove).map((request) => request.body)).toEqual([
        { key: 'promotions', id: 4, date: '2026-06-12', updated_at: SALE.updated_at },
      ]),
    );
  });
});
