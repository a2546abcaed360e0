/**
 * The texts of bulk edit (issue 39): the dialog's and the API's answers (signed-in screens only: the
 * guest screens never load this module). `{…}` placeholders are filled with `format`.
 */
export const BULK_EDIT_MESSAGES = {
  // The API's answers.
  tooMany: 'A bulk edit takes at most {max} rows; {count} or more match. Narrow the filters and try again.',
  noRows: 'Choose the rows to edit, or every row matching the filters (not both)',
  nothingToSet: 'Choose a field to set',
  notEditable: '{field} cannot be set in bulk',
  stale: 'The rows changed since the preview (edited, added or deleted): preview again. Nothing was changed.',
  applied: '{updated} {item} updated, {unchanged} unchanged, {refused} refused',
  undone: 'The bulk edit has been undone: {restored} put back',
  changedSince:
    'This bulk edit cannot be undone: {count} of its records were changed or deleted after it. Nothing was changed.',
  alreadyUndone: 'This bulk edit has already been undone',
  auditSummary: '{updated} {group} set ({fields}), {refused} refused',
  auditUndoneSummary: 'Bulk edit of {group} undone: {restored} put back',
  none: 'None',
  // The dialog.
  edit: 'Edit…',
  title: 'Bulk edit of {item}: {count} selected',
  titleAll: 'Bulk edit of {item}: all {count} matching the filters',
  field: 'Field',
  value: 'New value',
  preview: 'Preview',
  apply: 'Apply',
  cancel: 'Cancel',
  summary:
    '{matched} matched: {changing} will change, {unchanged} already hold this value, {refused} refused.',
  fromTo: '{count} from {from}',
  toValue: 'to',
  refusedHeading: 'Refused (left as they are)',
  selectAllMatching: 'Select all {count} matching',
  allMatchingSelected: 'All {count} matching rows are selected',
  clearSelection: 'Clear selection',
  editAllMatching: 'Edit all {count} matching…',
} as const;
