/**
 * What an empty list says: what is filtered, or that nothing exists yet.
 * Signed-in screens only: kept out of messages.ts, which the guest screens load. `{…}` placeholders
 * are filled with `format`.
 */
export const EMPTY_LIST_MESSAGES = {
  // Lists that show nothing: what is filtered, or that nothing exists yet
  emptyList: 'No {item} has been added yet.',
  emptyFiltered: 'No {item} matches {filters}.',
  filterAnd: ' and ',
  searchFor: 'the search "{search}"',
  filterIs: '{label}: {value}',
  yes: 'Yes',
  no: 'No',
  any: 'Any',
} as const;
