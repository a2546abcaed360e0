import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Session } from '../../shared/contracts/sessions';
import { SESSION_MESSAGES as M } from '../../shared/messages/sessions';
import { accountSessionPath, API_PATHS, userSessionPath, userSessionsPath } from '../../shared/routes';
import { SessionsPanel } from './SessionsPanel';

const current: Session = {
  id: 1,
  browser: 'Chrome 120.0',
  system: 'Linux',
  ip: '10.0.0.1',
  signed_in_at: '2026-12-01T09:00:00.000Z',
  last_used_at: '2026-12-02T07:00:00.000Z',
  current: true,
};
const other: Session = {
  id: 7,
  browser: 'Firefox 121.0',
  system: 'Windows 10',
  ip: '10.9.9.9',
  signed_in_at: '2026-11-30T09:00:00.000Z',
  last_used_at: '2026-12-01T12:00:00.000Z',
  current: false,
};

describe('SessionsPanel', () => {
  it('lists the sessions, marks the current one and ends another after asking', async () => {
    const network = fakeNetwork({
      [`GET ${API_PATHS.accountSessions}`]: { body: { data: [current, other] } },
      [`DELETE ${accountSessionPath(other.id)}`]: { body: { message: M.ended } },
    });
    renderWithProviders(<SessionsPanel />);
    const grid = await screen.findByRole('grid', { name: M.title });
    expect(await within(grid).findByText('Firefox 121.0')).toBeInTheDocument();
    expect(within(grid).getByText(M.current)).toBeInTheDocument();
    expect(within(grid).getByText('10.9.9.9')).toBeInTheDocument();
    // The current session has no End button: one, for the other session, named after it.
    const buttons = within(grid).getAllByRole('button', { name: /^End session: / });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('End session: Firefox 121.0 on Windows 10');

    const actor = userEvent.setup({ delay: null });
    await actor.click(buttons[0]);
    const dialog = await screen.findByRole('dialog', { name: M.confirmEndTitle });
    expect(network.requestsTo(accountSessionPath(other.id))).toHaveLength(0);
    network.route(`GET ${API_PATHS.accountSessions}`, { body: { data: [current] } });
    await actor.click(within(dialog).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(network.requestsTo(accountSessionPath(other.id))).toHaveLength(1));
    expect(await screen.findByText(M.ended)).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Firefox 121.0')).not.toBeInTheDocument());
  });

  it('ends all other sessions after asking, and offers nothing to end when only this one is left', async () => {
    const network = fakeNetwork({
      [`GET ${API_PATHS.accountSessions}`]: { body: { data: [current, other] } },
      [`POST ${API_PATHS.accountSessionsEndOthers}`]: {
        body: { data: { ended: 1 }, message: '1 other sessions were ended' },
      },
    });
    renderWithProviders(<SessionsPanel />);
    const actor = userEvent.setup({ delay: null });
    const endOthers = screen.getByRole('button', { name: M.endOthers });
    await screen.findByText('Firefox 121.0');
    await actor.click(endOthers);
    const dialog = await screen.findByRole('dialog', { name: M.confirmEndOthersTitle });
    network.route(`GET ${API_PATHS.accountSessions}`, { body: { data: [current] } });
    await actor.click(within(dialog).getByRole('button', { name: M.confirm }));
    await waitFor(() => expect(network.requestsTo(API_PATHS.accountSessionsEndOthers)).toHaveLength(1));
    await waitFor(() => expect(endOthers).toBeDisabled());
  });

  it("keeps the sessions when the confirmation is cancelled, and shows a user's with End all sessions", async () => {
    const network = fakeNetwork({
      [`GET ${userSessionsPath(42)}`]: { body: { data: [{ ...other, current: false }] } },
    });
    renderWithProviders(<SessionsPanel userId={42} />);
    const actor = userEvent.setup({ delay: null });
    expect(screen.getByText(M.userIntro)).toBeInTheDocument();
    await screen.findByText('Firefox 121.0');
    await actor.click(screen.getByRole('button', { name: /^End session: / }));
    const dialog = await screen.findByRole('dialog', { name: M.confirmEndTitle });
    await actor.click(within(dialog).getByRole('button', { name: M.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.requestsTo(userSessionPath(42, other.id))).toHaveLength(0);
    expect(screen.getByRole('button', { name: M.endAll })).toBeEnabled();
  });
});
