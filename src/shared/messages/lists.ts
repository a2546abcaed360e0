/**
 * The list API's own answers that the SPA shows as the server words them (signed-in screens only:
 * kept out of messages.ts, which the guest screens load). `{…}` placeholders are filled with `format`.
 */
export const LIST_MESSAGES = {
  /** A page past the deepest offset a list pages to (`MAX_LIST_OFFSET`): a 422 on `page`. */
  tooDeep:
    'Only the first {count} rows of a list can be paged through: narrow it with the search or the filters, or reverse the sort.',
} as const;
