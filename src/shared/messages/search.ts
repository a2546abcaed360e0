/** Search everything (Ctrl/Cmd-K): the header's button, the dialog and the API's refusals. */
export const SEARCH_MESSAGES = {
  open: 'Search',
  /** The shortcut as the header's button shows it. */
  shortcut: 'Ctrl K',
  title: 'Search everything',
  label: 'Search records and screens',
  tooShort: 'Type at least {min} characters to search records',
  tooLong: 'Search must be at most {max} characters',
  nothing: 'Nothing found for “{text}”',
  searching: 'Searching…',
  failed: 'The search could not be run; try again',
  recent: 'Recently opened',
  noRecent: 'Records you open from here are listed here',
  screens: 'Screens',
  more: 'More in the {item} list',
  hint: '↑ ↓ to move, Enter to open, Esc to close',
} as const;
