/**
 * The import API's own answers (the SPA shows them as the server words them): kept out of
 * messages.ts, which the guest screens load. `{…}` placeholders are filled with `format`.
 */
export const IMPORT_MESSAGES = {
  importNeedsUpdate: 'The file changes existing records, which needs the update permission as well.',
  importInvalid: 'The file has errors; nothing was imported.',
  importEmpty: 'The file has no rows to import.',
  importChecked:
    'The file was checked and nothing was imported: {created} to create, {updated} to update, {unchanged} unchanged.',
  importUnreadable: 'The file is not a readable CSV or XLSX file.',
  importDuplicate: '{item} appears more than once in the file',
  /** A cell that must be one of a few words (a status): what was found and what is accepted. */
  importNotOneOf: '{item} “{value}” is not one of: {allowed}',
  /** A cell naming another record (a brand, a role) that matches none, or several: where the names are. */
  importNoMatch: '{item} “{value}” does not name one {kind}: use a name or slug listed at {where}',
  /** A name another record (or an earlier row of the file) has already, in any case. */
  importNameTaken:
    '{item} “{value}” is already the name of another {kind} (names are unique whatever their case)',
  importNoMatchByName: '{item} “{value}” does not name one {kind}: use a name listed at {where}',
  importTooBig: 'The file is too large to import: {reason}.',
  importTooBigUnpacked: 'more than {size} once unpacked',
  importTooBigParts: 'more than {count} parts',
  importTooBigRows: 'more than {count} rows',
  importTooBigStrings: 'more than {count} distinct texts',
  // A file the worker thread cannot read within its time or its memory (server/crud/sheetThread.ts)
  importTooSlow: 'it takes too long to read',
  importTooMuchMemory: 'it needs more memory to read than an import may use',
  importNotUtf8: 'The CSV file is not UTF-8 text; save it as "CSV UTF-8" and try again.',
} as const;
