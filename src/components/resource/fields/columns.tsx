import type { GridValidRowModel } from '@mui/x-data-grid';
import type { Status } from '../../../shared/contracts/account';
import { formatDisplayDate } from '../../../shared/formats';
import { LABELS } from '../../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import { SETTINGS_MESSAGES } from '../../../shared/messages/settings';
import type { PublishState } from '../../../shared/resources/publishing';
import { ImageNameCell, StatusCell } from '../cells';
import type { ItemColumn } from '../listColumns';
import { PublishStateChip } from './PublishState';

/**
 * List columns of the field groups, spread into a resource's columns. `field` names match the
 * contract's sortable fields (the grid sorts only those).
 */

/** The name (or title) beside the item's picture: a list's first column, which links to the item. */
export const imageNameColumn = <T extends GridValidRowModel>(
  field: keyof T & string,
  headerName: string,
  picture: (row: T) => { url: string } | null,
): ItemColumn<T> => ({
  field,
  headerName,
  flex: 1.4,
  minWidth: 200,
  renderCell: ({ row }) => <ImageNameCell name={String(row[field] ?? '')} image={picture(row)} />,
});

export const statusColumn = <T extends GridValidRowModel & { status: Status }>(): ItemColumn<T> => ({
  field: 'status',
  headerName: LABELS.status,
  width: 130,
  renderCell: ({ row }) => <StatusCell status={row.status} />,
});

/** A date or timestamp shown as DD MMM YYYY. */
export const dateColumn = <T extends GridValidRowModel>(
  field: keyof T & string,
  headerName: string,
): ItemColumn<T> => ({
  field,
  headerName,
  width: 140,
  valueFormatter: (value: string | null) => formatDisplayDate(value),
});

export const createdColumn = <T extends GridValidRowModel & { created_at: string }>() =>
  dateColumn<T>('created_at', SETTINGS_MESSAGES.createdDate);

export const updatedColumn = <T extends GridValidRowModel & { updated_at: string }>() =>
  dateColumn<T>('updated_at', CATALOGUE_MESSAGES.updatedDate);

/** The publish state (computed by the server) as a chip: next to the status in content lists. */
export const publishStateColumn = <
  T extends GridValidRowModel & { publish_state: PublishState },
>(): ItemColumn<T> => ({
  field: 'publish_state',
  headerName: CATALOGUE_MESSAGES.publishState,
  width: 130,
  sortable: false,
  renderCell: ({ row }) => <PublishStateChip state={row.publish_state} />,
});
