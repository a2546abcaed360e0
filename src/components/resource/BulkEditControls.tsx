import { useState } from 'react';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useAuth } from '../../auth/AuthContext';
import { format } from '../../shared/messages';
import { BULK_EDIT_MESSAGES } from '../../shared/messages/bulkEdit';
import { hasPermission } from '../../shared/permissions';
import { can, hasAction, type ListParams, type ResourceContract } from '../../shared/resources/resource';
import { BulkEditDialog, type BulkEditTarget } from './BulkEditDialog';

/** The list's query without its paging and sort: the rows "all matching" names. */
const matchingQuery = ({
  page: _page,
  per_page: _perPage,
  sort: _sort,
  order: _order,
  ...query
}: ListParams) => query;

/**
 * A list's bulk edit (contracts declaring `bulkEdit`, to holders of the group's update key): whether
 * it is offered, whether "all matching" is chosen (forgotten when the filters change), and the
 * dialog's target while it is open.
 */
export function useBulkEdit(contract: ResourceContract, params: ListParams) {
  const { user } = useAuth();
  const allowed =
    Boolean(contract.bulkEdit) &&
    hasAction(contract, 'update') &&
    hasPermission(user?.permissions, can(contract, 'update'));
  // The query "all matching" was chosen for: another search or filter forgets it.
  const [chosenFor, setChosenFor] = useState<string | null>(null);
  const [target, setTarget] = useState<BulkEditTarget | null>(null);
  const query = matchingQuery(params);
  const key = JSON.stringify(query);
  const allMatching = chosenFor === key;
  const setAllMatching = (all: boolean) => setChosenFor(all ? key : null);
  return { allowed, allMatching, setAllMatching, target, setTarget, query };
}

export type BulkEdit = ReturnType<typeof useBulkEdit>;

interface BulkEditButtonsProps {
  bulk: BulkEdit;
  selectedIds: number[];
  /** How many rows the page shows, and the list's total. */
  pageRows: number;
  total: number;
  clearSelection: () => void;
}

/** The selection bar's Edit…, "Select all N matching" (the whole page is checked) and Clear selection. */
export function BulkEditButtons({
  bulk,
  selectedIds,
  pageRows,
  total,
  clearSelection,
}: BulkEditButtonsProps) {
  if (!bulk.allowed) return null;
  const wholePage = selectedIds.length === pageRows && total > pageRows;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EditIcon />}
        onClick={() => bulk.setTarget(bulk.allMatching ? { query: bulk.query } : { ids: selectedIds })}
      >
        {BULK_EDIT_MESSAGES.edit}
      </Button>
      {!bulk.allMatching && wholePage && (
        <Button variant="text" onClick={() => bulk.setAllMatching(true)}>
          {format(BULK_EDIT_MESSAGES.selectAllMatching, { count: total })}
        </Button>
      )}
      {bulk.allMatching && (
        <Button
          variant="text"
          onClick={() => {
            bulk.setAllMatching(false);
            clearSelection();
          }}
        >
          {BULK_EDIT_MESSAGES.clearSelection}
        </Button>
      )}
    </>
  );
}

interface BulkEditPartsProps {
  bulk: BulkEdit;
  contract: ResourceContract;
  total: number;
  /** A phone's cards have no checkboxes: it offers every row matching the filters instead. */
  phone: boolean;
  clearSelection: () => void;
}

/** The phone's "Edit all N matching…" and the dialog while it is open. */
export function BulkEditParts({ bulk, contract, total, phone, clearSelection }: BulkEditPartsProps) {
  if (!bulk.allowed) return null;
  const { target } = bulk;
  return (
    <>
      {phone && total > 0 && (
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          onClick={() => bulk.setTarget({ query: bulk.query })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {format(BULK_EDIT_MESSAGES.editAllMatching, { count: total })}
        </Button>
      )}
      {target && (
        <BulkEditDialog
          open
          contract={contract}
          target={target}
          count={'ids' in target ? target.ids.length : total}
          onClose={() => bulk.setTarget(null)}
          onDone={() => {
            bulk.setAllMatching(false);
            clearSelection();
          }}
        />
      )}
    </>
  );
}
