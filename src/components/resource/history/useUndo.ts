import { useMemo } from 'react';
import { bulkEditApi } from '../../../../store/bulkEditApi';
import { historyApi } from '../../../../store/historyApi';
import { useAppDispatch } from '../../../../store/hooks';
import { toastActions, toastShown } from '../../../../store/toastSlice';
import { format } from '../../../shared/messages';
import { BULK_EDIT_MESSAGES } from '../../../shared/messages/bulkEdit';
import { HISTORY_MESSAGES } from '../../../shared/messages/history';
import { historyText } from '../../../shared/messages/historyScreens';
import type { ResourceContract } from '../../../shared/resources/resource';

type Target = Pick<ResourceContract, 'group' | 'tag'>;

export interface UndoApi {
  /** The success toast of a delete (one record, or a list's selection), offering Undo: restores each. */
  deleted: (contract: Target, ids: readonly number[], message: string) => void;
  /** The "Import finished" notification, offering Undo of the whole import. */
  imported: (contract: Target, importId: string, title: string, message: string) => void;
  /** The success toast of a bulk edit, offering Undo of the whole batch. */
  bulkEdited: (contract: Target, bulkId: string, message: string) => void;
}

/**
 * Success toasts that offer Undo for a few seconds (the notification time; held while hovered or
 * focused). Undo runs a restore (API contract: History and audit) and toasts its answer; a failure
 * is toasted by the API slice. The lists refresh through the restore's cache tags.
 */
export function useUndo(): UndoApi {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const offer = (input: Parameters<typeof toastShown>[0], run: () => Promise<void>) => {
      const { payload } = dispatch(toastShown({ ...input, action: historyText.undo }));
      toastActions.set(payload.id, () => void run());
    };
    const success = (message: string) => dispatch(toastShown({ severity: 'success', message }));
    return {
      deleted: (contract, ids, message) =>
        offer({ severity: 'success', message }, async () => {
          try {
            const answers = await Promise.all(
              ids.map((id) =>
                dispatch(
                  historyApi.endpoints.restoreRecord.initiate({
                    group: contract.group,
                    tag: contract.tag,
                    id,
                  }),
                ).unwrap(),
              ),
            );
            success((answers.length === 1 && answers[0].message) || historyText.undone);
          } catch {
            // Toasted by the API slice.
          }
        }),
      imported: (contract, importId, title, message) =>
        offer({ severity: 'success', title, message, kind: 'notification' }, async () => {
          try {
            const { message: done, data } = await dispatch(
              historyApi.endpoints.undoImport.initiate({
                group: contract.group,
                tag: contract.tag,
                importId,
              }),
            ).unwrap();
            success(done || format(HISTORY_MESSAGES.importUndone, data));
          } catch {
            // Toasted by the API slice.
          }
        }),
      bulkEdited: (contract, bulkId, message) =>
        offer({ severity: 'success', message }, async () => {
          try {
            const { message: done, data } = await dispatch(
              bulkEditApi.endpoints.undoBulkEdit.initiate({
                group: contract.group,
                tag: contract.tag,
                bulkId,
              }),
            ).unwrap();
            success(done || format(BULK_EDIT_MESSAGES.undone, data));
          } catch {
            // Toasted by the API slice.
          }
        }),
    };
  }, [dispatch]);
}
