import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { useListTrashQuery, useRestoreRecordMutation, type TrashItem } from '../../../../store/historyApi';
import { useBreadcrumbs } from '../../../hooks/useBreadcrumbs';
import { usePhone } from '../../../hooks/usePhone';
import { useNotify } from '../../../hooks/useNotify';
import { PAGE_SIZES } from '../../../shared/limits';
import { menuSection } from '../../../shared/menu';
import { en, format } from '../../../shared/messages';
import { HISTORY_MESSAGES } from '../../../shared/messages/history';
import { historyText } from '../../../shared/messages/historyScreens';
import type { ResourceContract } from '../../../shared/resources/resource';
import { ROUTES } from '../../../shared/routes';
import { ListToolbar } from '../ListToolbar';
import { SearchBox } from '../SearchBox';
import { formatWhen } from './changes';

export interface TrashPageProps {
  contract: Pick<ResourceContract, 'group' | 'tag' | 'item' | 'route'>;
  /** The list's title (its breadcrumb). */
  title?: string;
}

const deletedBy = (row: TrashItem) => row.deleted_by?.name ?? historyText.unknownUser;

/** When the record was deleted: the date, with how long ago as its title. */
function when(row: TrashItem) {
  const { absolute, relative } = formatWhen(row.deleted_at);
  return (
    <time dateTime={row.deleted_at} title={relative}>
      {absolute}
    </time>
  );
}

/** The trash's columns: title, when, by whom and Restore; on a phone the title over when and by whom. */
function trashColumns(phone: boolean, actions: GridColDef<TrashItem>): GridColDef<TrashItem>[] {
  // A phone: one column with the title over when and by whom, and the Restore button beside it.
  if (phone)
    return [
      {
        field: 'title',
        headerName: historyText.titleColumn,
        flex: 1,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ py: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {when(row)} · {deletedBy(row)}
            </Typography>
          </Stack>
        ),
      },
      actions,
    ];
  return [
    { field: 'title', headerName: historyText.titleColumn, flex: 2, minWidth: 160, sortable: false },
    {
      field: 'deleted_at',
      headerName: historyText.deletedAt,
      flex: 1.2,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => when(row),
    },
    {
      field: 'deleted_by',
      headerName: historyText.deletedBy,
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueGetter: (_value, row) => deletedBy(row),
    },
    actions,
  ];
}

interface TrashGridProps {
  heading: string;
  data?: { data: TrashItem[]; meta: { total: number } };
  columns: GridColDef<TrashItem>[];
  loading: boolean;
  paging: GridPaginationModel;
  onPaging: (model: GridPaginationModel) => void;
  phone: boolean;
}

/** The server-paged grid of deleted records. */
function TrashGrid({ heading, data, columns, loading, paging, onPaging, phone }: TrashGridProps) {
  return (
    <Paper variant="outlined">
      <DataGrid<TrashItem>
        aria-label={heading}
        rows={data?.data ?? []}
        columns={columns}
        rowCount={data?.meta.total ?? 0}
        loading={loading}
        paginationMode="server"
        filterMode="server"
        paginationModel={paging}
        onPaginationModelChange={onPaging}
        pageSizeOptions={[...PAGE_SIZES]}
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        getRowHeight={phone ? () => 'auto' : undefined}
        localeText={{ noRowsLabel: historyText.noDeleted }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        autoHeight
      />
    </Paper>
  );
}

/** Dashboard › the menu's section › the list › Deleted. */
function useTrashBreadcrumbs(contract: TrashPageProps['contract'], title: string) {
  const section = menuSection(contract.route);
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section && section !== title ? [{ label: section, disabled: true }] : []),
    { label: title, path: contract.route },
    { label: historyText.deleted },
  ]);
}

/**
 * A resource's deleted records (`<list route>/trash`, holders of its destroy key): a server-paged,
 * searchable grid of title, when and by whom, each with Restore. Restored records are back in the
 * list at once (the restore refreshes the resource's list tags); the others are purged after the
 * retention period.
 */
export function TrashPage({ contract, title = contract.item }: TrashPageProps) {
  const heading = historyText.deletedTitle(contract.item);
  useTrashBreadcrumbs(contract, title);
  const notify = useNotify();
  const phone = usePhone();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[1] });
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListTrashQuery({
    group: contract.group,
    tag: contract.tag,
    page: paging.page + 1,
    per_page: paging.pageSize,
    search,
  });
  const [restore, { isLoading: restoring, originalArgs }] = useRestoreRecordMutation();

  const columns = useMemo<GridColDef<TrashItem>[]>(() => {
    const restoreRow = async (row: TrashItem) => {
      try {
        const { message } = await restore({ group: contract.group, tag: contract.tag, id: row.id }).unwrap();
        notify.success(message || format(HISTORY_MESSAGES.recordRestored, { item: contract.item }));
      } catch {
        // Toasted by the API slice (409, 422, 404 with their message).
      }
    };
    const actions: GridColDef<TrashItem> = {
      field: 'actions',
      headerName: historyText.actionsColumn,
      width: phone ? 120 : 140,
      sortable: false,
      renderCell: ({ row, tabIndex }) => (
        <Button
          size="small"
          startIcon={<RestoreIcon />}
          tabIndex={tabIndex}
          disabled={restoring && originalArgs?.id === row.id}
          aria-label={historyText.restoreRecord(row.title)}
          onClick={() => void restoreRow(row)}
        >
          {historyText.restore}
        </Button>
      ),
    };
    return trashColumns(phone, actions);
  }, [contract, notify, restore, restoring, originalArgs, phone]);

  return (
    <Stack spacing={2}>
      <ListToolbar
        title={heading}
        actions={
          <Button component={RouterLink} to={contract.route} variant="outlined" startIcon={<ArrowBackIcon />}>
            {historyText.backToList}
          </Button>
        }
        search={
          <SearchBox
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPaging((model) => ({ ...model, page: 0 }));
            }}
          />
        }
      />
      {data && <Alert severity="info">{historyText.retention(data.meta.retention_days)}</Alert>}
      <TrashGrid
        heading={heading}
        data={data}
        columns={columns}
        loading={isFetching}
        paging={paging}
        onPaging={setPaging}
        phone={phone}
      />
    </Stack>
  );
}
