import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { PAGE_SIZES } from '../../shared/limits';
import { en } from '../../shared/messages';
import { hasPermission } from '../../shared/permissions';
import { can } from '../../shared/resources/resource';
import { ROUTES } from '../../shared/routes';
import { DateRangeFilter } from './DateRangeFilter';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import { ListToolbar } from './ListToolbar';
import { OptionsFilter } from './OptionsFilter';
import { ResetFiltersButton } from './ResetFiltersButton';
import { SearchBox } from './SearchBox';
import { StatusFilter } from './StatusFilter';
import type { ListFilterConfig, ResourceListPageProps, ResourceRow } from './types';
import { useListState } from './useListState';

const NO_FILTERS: ListFilterConfig[] = [];

/**
 * A resource's list (spec §2 List pages): a server-paged, server-sorted grid with search, the status
 * and date filters the contract offers, the resource's own filters (kept in localStorage), Reset
 * filters, Export / Import / Add New as the user's permissions allow, and row click to the detail.
 */
export function ResourceListPage<T extends ResourceRow>({
  contract,
  title,
  useList,
  columns,
  filters = NO_FILTERS,
  addPath,
  rowPath,
  importMutation,
  disableVirtualization,
  section,
}: ResourceListPageProps<T>) {
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section ? [{ label: section, disabled: true }] : []),
    { label: title },
  ]);
  const navigate = useNavigate();
  const { user } = useAuth();
  const may = (action: 'index' | 'store') => hasPermission(user?.permissions, can(contract, action));
  const list = useListState(contract, filters);
  const { data, isFetching } = useList(list.params);
  const [importing, setImporting] = useState(false);

  const gridColumns = useMemo<GridColDef<T>[]>(
    () =>
      columns.map((column) => ({
        ...column,
        sortable: column.sortable !== false && contract.sortable.includes(column.field),
        filterable: false,
      })),
    [columns, contract],
  );

  // The grid shows the sort only on its own columns (the default sort may be on a hidden one).
  const gridSortModel = useMemo(
    () => list.sortModel.filter(({ field }) => columns.some((column) => column.field === field)),
    [list.sortModel, columns],
  );

  const actions = (
    <>
      {contract.exportable && may('index') && <ExportMenu contract={contract} params={list.params} />}
      {contract.importable && importMutation && may('store') && (
        <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => setImporting(true)}>
          {en.import}
        </Button>
      )}
      {addPath && may('store') && (
        <Button variant="contained" component={RouterLink} to={addPath} startIcon={<AddIcon />}>
          {en.addNew}
        </Button>
      )}
    </>
  );

  const filterRow = (
    <>
      <SearchBox value={list.search} onChange={list.setSearch} />
      {contract.statusFilter && <StatusFilter selected={list.status} onChange={list.setStatus} />}
      {contract.dateFilter && <DateRangeFilter value={list.dates} onChange={list.setDates} />}
      {filters.map((filter) => (
        <OptionsFilter
          key={filter.param}
          label={filter.label}
          options={filter.options}
          selected={list.selections[filter.param] ?? []}
          onChange={(selected) => list.setSelection(filter.param, selected)}
        />
      ))}
      <ResetFiltersButton onReset={list.reset} disabled={!list.filtered} />
    </>
  );

  return (
    <Stack spacing={2}>
      <ListToolbar title={title} actions={actions} filters={filterRow} />
      <Paper variant="outlined">
        <DataGrid<T>
          rows={data?.data ?? []}
          columns={gridColumns}
          rowCount={data?.meta.total ?? 0}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={list.paginationModel}
          onPaginationModelChange={list.setPaginationModel}
          pageSizeOptions={[...PAGE_SIZES]}
          sortModel={gridSortModel}
          onSortModelChange={list.setSortModel}
          sortingOrder={['asc', 'desc']}
          disableColumnFilter
          disableRowSelectionOnClick
          disableVirtualization={disableVirtualization}
          onRowClick={rowPath ? ({ row }) => navigate(rowPath(row)) : undefined}
          autoHeight
        />
      </Paper>
      {importMutation && (
        <ImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          contract={contract}
          useImport={importMutation}
        />
      )}
    </Stack>
  );
}
