/**
 * The list pages' texts: search, filters, export and import, a phone's cards and sort.
 * Signed-in screens only: kept out of messages.ts, which the guest screens load. `{…}` placeholders
 * are filled with `format`.
 */
export const LIST_SCREEN_MESSAGES = {
  // List pages and resource forms
  search: 'Search',
  resetFilters: 'Reset filters',
  dateFrom: 'From',
  dateTo: 'To',
  datePresets: 'Date presets',
  exportCsv: 'CSV',
  exportXlsx: 'XLSX',
  importTitle: 'Import {item}',
  exportFinished: 'Export finished',
  exportSaved: '{file} has been downloaded.',
  importFinished: 'Import finished',
  importHint:
    'A CSV or XLSX file; the first row names the columns. Columns the file leaves out keep the current values of the rows it updates; new rows need the required ones.',
  chooseFile: 'Choose file',
  rowError: '{row}: {message}',
  reloadItem: 'Reload {item}',
  // Lists on a phone: cards, the filters behind a button, a sort select
  filtersCount: 'Filters ({count})',
  sortBy: 'Sort by',
  sortAscending: '{label} (ascending)',
  sortDescending: '{label} (descending)',
  // A list that can show its rows as a grid of pictures (the media library)
  view: 'View',
  viewTable: 'Table',
  viewGrid: 'Grid',
} as const;
