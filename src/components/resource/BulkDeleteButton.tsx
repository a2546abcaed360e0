import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useAuth } from '../../auth/AuthContext';
import { en, success } from '../../shared/messages';
import { hasPermission } from '../../shared/permissions';
import { can, type ResourceContract, type WriteResponse } from '../../shared/resources/resource';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { useUndo } from './history/useUndo';
import type { MutationHook } from './types';

export interface BulkDeleteButtonProps {
  contract: ResourceContract;
  useBulkDelete: MutationHook<number[], WriteResponse<{ count: number }>>;
  /** The selected rows. */
  ids: number[];
  /** Called after they are deleted (clears the selection). */
  onDone: () => void;
}

/**
 * Delete for a list's selected rows (contracts with `bulkDelete`), after the spec's confirmation;
 * shown to holders of the group's destroy key only. A failure is toasted by the API slice.
 */
export function BulkDeleteButton({ contract, useBulkDelete, ids, onDone }: BulkDeleteButtonProps) {
  const { user } = useAuth();
  const undo = useUndo();
  const [asking, setAsking] = useState(false);
  const [remove, { isLoading }] = useBulkDelete();
  if (!hasPermission(user?.permissions, can(contract, 'destroy'))) return null;
  const confirm = async () => {
    try {
      const { message } = await remove(ids).unwrap();
      // Undo restores each of them from the deleted records.
      undo.deleted(contract, ids, message || success.deleted(contract.item));
      onDone();
    } catch {
      // Toasted by the API slice.
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setAsking(true)}>
        {en.delete}
      </Button>
      <ConfirmDialog open={asking} busy={isLoading} onConfirm={confirm} onCancel={() => setAsking(false)} />
    </>
  );
}
