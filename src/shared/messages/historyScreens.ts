/**
 * The strings of record history, deleted records and Undo (issue 12). Signed-in screens only: this
 * module is imported by the form and list pages' chunks, never by the shell or the guest screens
 * (which must stay under their size budget), so these strings are not in `src/shared/messages.ts`.
 */
export const historyText = {
  history: 'History',
  historyEmpty: 'No changes have been recorded for this record yet.',
  historyLoadFailed: 'The history could not be loaded.',
  retry: 'Retry',
  showMore: 'Show more',
  unknownUser: 'System',
  actions: {
    create: 'Created',
    update: 'Updated',
    delete: 'Deleted',
    import: 'Imported',
    restore: 'Restored',
  } as Record<string, string>,
  /** "Updated by Ada Lovelace" */
  entryBy: (action: string, name: string) => `${action} by ${name}`,
  changedFields: (count: number) => (count === 1 ? '1 field changed' : `${count} fields changed`),
  noFieldChanges: 'No field values changed.',
  field: 'Field',
  before: 'Before',
  after: 'After',
  empty: '(empty)',
  yes: 'Yes',
  no: 'No',
  removedText: 'removed',
  addedText: 'added',
  showDetails: 'Show changes',
  hideDetails: 'Hide changes',
  restoreVersion: 'Restore this version',
  restoreVersionTitle: 'Restore this version?',
  restoreVersionText: (when: string) =>
    `The record gets back the values it had right after this change (${when}). The restore is saved as a new change in its history.`,
  restoreVersionUnsaved: 'Your unsaved changes in the form will be lost.',
  restore: 'Restore',
  staleRestore: 'The record was changed by someone else meanwhile. Reload it, then restore again.',
  // Deleted records
  deleted: 'Deleted',
  deletedTitle: (item: string) => `Deleted ${item} records`,
  retention: (days: number) =>
    days > 0
      ? `Deleted records are kept for ${days} ${days === 1 ? 'day' : 'days'}, then removed for good. Restore one to bring it back to the list.`
      : 'Deleted records are kept until restored. Restore one to bring it back to the list.',
  deletedAt: 'Deleted at',
  deletedBy: 'Deleted by',
  titleColumn: 'Title',
  actionsColumn: 'Actions',
  noDeleted: 'Nothing has been deleted recently.',
  restoreRecord: (title: string) => `Restore ${title}`,
  backToList: 'Back to the list',
  // Undo
  undo: 'Undo',
  undone: 'The change has been undone',
} as const;
