/**
 * The texts of record history, trash and undo (signed-in screens and their API answers only: the
 * guest screens never load this module). `{…}` placeholders are filled with `format`.
 */
export const HISTORY_MESSAGES = {
  revisionRestored: '{item} has been restored to the chosen version',
  recordRestored: '{item} has been restored',
  importUndone: 'The import has been undone: {deleted} removed, {restored} put back',
  /** A restore that names a record which is gone (a deleted brand, file or product). */
  referenceGone: '{field} no longer exists (it was deleted), so this version cannot be restored as it is',
  referenceGoneField: '{field} “{name}” no longer exists',
  /** A trash restore whose id or unique value was taken meanwhile. */
  idTaken: 'This {item} cannot be restored: its id is in use again',
  uniqueTaken: 'This {item} cannot be restored: its {field} “{value}” is now used by another record',
  importChanged:
    'This import cannot be undone: {count} of its records were changed or deleted after it. Nothing was changed.',
  importAlreadyUndone: 'This import has already been undone',
  importNeedsDestroy: 'Undoing an import deletes the records it created: that needs the delete permission',
  importNeedsUpdate: 'Undoing this import puts back records it updated: that needs the update permission',
  noRestorableFields: 'This version has nothing that can be restored',
} as const;
