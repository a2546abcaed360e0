/**
 * The Settings screens' texts: users, roles and their permission matrix, the company.
 * Signed-in screens only: kept out of messages.ts, which the guest screens load. `{…}` placeholders
 * are filled with `format`.
 */
export const SETTINGS_MESSAGES = {
  // Settings screens: users, roles, company
  setting: 'Setting',
  company: 'Company',
  users: 'Users',
  createdDate: 'Created Date',
  keepPassword: 'Leave empty to keep the current password',
  permissionGroup: 'Permission',
  permissionMatrix: 'Permissions of the role',
  methodView: 'View',
  methodCreate: 'Create',
  methodUpdate: 'Update',
  methodDelete: 'Delete',
  allOfGroup: 'All {group}',
  allOfMethod: 'All {method}',
  matrixScrolls: 'Scroll sideways for more columns →',
  requireSecondFactorHelp:
    'Its users without an authenticator app or a passkey set one up at their next sign-in, before anything else.',
  // Saving a role that grants nothing
  noPermissionsTitle: 'Save the role without permissions?',
  noPermissionsText:
    'No permission is checked: users with this role will see only their dashboard and profile.',
} as const;
