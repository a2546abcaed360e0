import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { listOf, optionsOf } from '../../../test/settingFixtures';
import type { AuditLogEntry } from '../../shared/resources/auditLogs';
import { ROUTES } from '../../shared/routes';
import { AuditLogListScreen } from './AuditLogListScreen';

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 7,
  created_at: '2026-11-20T09:15:00.000Z',
  kind: 'role.changed',
  actor_id: 1,
  actor_name: 'Ada Admin',
  actor_email: 'ada@example.com',
  ip: '203.0.113.9',
  resource: 'roles',
  record_id: 4,
  record_exists: true,
  summary: 'Role Editor changed: added users.index; removed news.destroy',
  details: { added: ['users.index'], removed: ['news.destroy'] },
  ...overrides,
});

describe('AuditLogListScreen', () => {
  it('lists entries with who, what and a link to the record; details open in a dialog', async () => {
    fakeNetwork({
      'GET /api/audit-logs': {
        body: listOf([
          entry(),
          entry({
            id: 8,
            kind: 'user.deleted',
            resource: 'users',
            record_id: 9,
            record_exists: false,
            summary: 'User Bob (bob@example.com) deleted',
            details: {},
          }),
        ]),
      },
      'GET /api/users/options': { body: optionsOf([{ id: 1, name: 'Ada Admin' }]) },
    });
    renderWithProviders(<AuditLogListScreen disableVirtualization />, { path: ROUTES.auditLog });
    expect(
      await screen.findByText('Role Editor changed: added users.index; removed news.destroy'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByText('Role changed')).toBeInTheDocument();
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
    // The role still exists: its detail page is one click away; the deleted user's is not.
    expect(screen.getByRole('link', { name: 'Roles #4' })).toHaveAttribute('href', '/setting/role/4');
    expect(screen.queryByRole('link', { name: 'Users #9' })).not.toBeInTheDocument();
    expect(screen.getByText('Users #9')).toBeInTheDocument();
    // Read-only: no Add New, no Import; Export is offered.
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();

    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getAllByRole('button', { name: /^View details: Role changed/ })[0]);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('users.index')).toBeInTheDocument();
    expect(dialog.getByText('news.destroy')).toBeInTheDocument();
    expect(dialog.getByText('203.0.113.9')).toBeInTheDocument();
    expect(dialog.getByText('Added')).toBeInTheDocument();
    expect(dialog.getByText('Removed')).toBeInTheDocument();
  });

  it('reads its filters from the URL: the event filter shows the kind chosen', async () => {
    fakeNetwork({
      'GET /api/audit-logs': {
        body: listOf([entry({ kind: 'sign-in.failed', summary: 'Failed sign-in as x@example.com' })]),
      },
      'GET /api/users/options': { body: optionsOf([{ id: 1, name: 'Ada Admin' }]) },
    });
    renderWithProviders(<AuditLogListScreen disableVirtualization />, {
      path: ROUTES.auditLog,
      route: `${ROUTES.auditLog}?kinds=sign-in.failed`,
    });
    await screen.findByText('Failed sign-in as x@example.com');
    // Once in the grid's chip, once in the filter.
    expect(screen.getAllByText('Sign-in failed').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument();
  });
});
