import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ItemOf, ResourceContract } from '../../shared/resources/resource';

/**
 * A list column of an item: its `field` is one of the item's fields, so a column naming a field the
 * item lacks (or one the wire schema dropped) fails `tsc`. A computed column reads a field too
 * (`valueGetter`): name the field it shows.
 */
export type ItemColumn<T extends GridValidRowModel> = GridColDef<T> & { field: keyof T & string };

const CONTRACTS = new WeakMap<readonly object[], ResourceContract>();

/**
 * A resource's list columns, typed against its contract's item (`ItemOf`); the first links to the
 * item. Remembered with the contract, so src/resources/listColumns.test.ts can check that every
 * field the contract sorts by has a column (the grid sorts by its column headers, the phone's
 * "Sort by" select lists the sortable columns).
 */
export function listColumns<C extends ResourceContract>(
  contract: C,
  columns: ItemColumn<ItemOf<C>>[],
): ItemColumn<ItemOf<C>>[] {
  CONTRACTS.set(columns, contract);
  return columns;
}

/** The contract `listColumns` was given with these columns, if any. */
export const contractOfColumns = (columns: readonly object[]): ResourceContract | undefined =>
  CONTRACTS.get(columns);
