/**
 * Strings of the signed-in screens only (lists, forms, the dashboard, the profile), kept out of
 * `en` in messages.ts: that module is in the bundle every guest screen loads (/login, the password
 * screens: a 200 kB budget), these are in the screens' own chunks.
 */
export const SCREEN_TEXT = {
  uploadTooLarge: 'The file is larger than {size}',
  uploadBadType: 'The file type is not allowed',
  export: 'Export',
  import: 'Import',
  addNew: 'Add New',
  selectedRows: '{count} selected',
  edit: 'Edit',
  upload: 'Upload',
  remove: 'Remove',
  today: 'Today',
  yesterday: 'Yesterday',
  thisMonth: 'This Month',
  thisYear: 'This Year',
  restore: 'Restore',
  discard: 'Discard',
  noFile: 'No file chosen',
  yourAccount: 'Your account',
  quickLinks: 'Quick links',
  quickLinksEmpty: 'No sections are available to your role yet.',
  notSet: '—',
  noRole: 'No role',
  deleteConfirmTitle: 'Are you sure you want to continue with this action?',
  deleteConfirmText: 'You cannot view this item if you continue',
  stay: 'Stay',
  leave: 'Leave',
  unsavedChangesTitle: 'Unsaved changes',
  uploading: 'Uploading…',
  emailChangeNeedsPassword: 'Your e-mail address is how you sign in: confirm the change with your password.',
} as const;
