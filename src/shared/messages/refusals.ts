/**
 * The API's refusals of a write: a stale update, a taken value, the grant rules.
 * Signed-in screens only: kept out of messages.ts, which the guest screens load. `{…}` placeholders
 * are filled with `format`.
 */
export const REFUSAL_MESSAGES = {
  // Resource writes, imports and their refusals (API contract: Resources, Errors)
  staleUpdate: 'This {item} was changed by someone else. Reload it to see the changes.',
  taken: '{item} has already been taken',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastSuperAdmin: 'The last active {role} user cannot be deleted, deactivated or given another role.',
  superRoleKeepsPermissions: 'The {role} role always holds every permission.',
  superRoleUndeletable: 'The {role} role cannot be deleted.',
  roleInUse: 'Role is used by {count} users',
  // Grants: nobody grants what they do not hold (server/security/grants.ts)
  roleNotAssignable: 'You cannot assign a role holding permissions you do not have.',
  superRoleOnlyBySuper: 'Only a {role} user can assign the {role} role.',
  permissionsNotGrantable: 'You cannot grant permissions you do not have: {names}',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotChangeOwnRolePermissions: 'You cannot change the permissions of your own role.',
  ownEmailInProfile: 'Change your own e-mail address in your profile.',
  ownPasswordInChangePassword: 'Change your own password with Change Password.',
  userBeyondYou: 'You cannot change a user whose role holds permissions you do not have.',
  roleBeyondYou: 'You cannot change a role holding permissions you do not have.',
} as const;
