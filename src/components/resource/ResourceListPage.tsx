import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridRenderCellParams,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { Link as RouterLink, useLocation, useMatch, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { useAfterPaint } from '../../hooks/useAfterPaint';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { usePhone } from '../../hooks/usePhone';
import { PAGE_SIZES } from '../../shared/limits';
import { menuSection } from '../../shared/menu';
import { en } from '../../shared/messages';
import { hasPermission } from '../../shared/permissions';
import { can, hasAction } from '../../shared/resources/resource';
import { historyText } from '../../shared/messages/historyScreens';
import { addPath as addPathOf, itemPath, ROUTES, trashPath } from '../../shared/routes';
import { RowLink, type ListReturnState } from './cells';
import { EmptyListOverlay, type EmptyListOverlayProps } from './EmptyListOverlay';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import { ListFilters } from './ListFilters';
import { ListToolbar } from './ListToolbar';
import { ResourceCardList } from './ResourceCardList';
import { ResetFiltersButton } from './ResetFiltersButton';
import { SearchBox } from './SearchBox';
import { SearchStandIn } from './ToolbarStandIns';
import type { ResourceListPageProps, ResourceRow } from './types';
import { useListState } from './useListState';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

// The grid's props that never change, kept as constants: a new array or object on each render of
// the page makes the grid redo its rows, options or styles (issue #15, the list's first paint).
const NO_ROWS: never[] = [];
const GRID_PAGE_SIZES = [...PAGE_SIZES];
const SORTING_ORDER: DataGridProps['sortingOrder'] = ['asc', 'desc'];
/**
 * The grid's no-rows message as a row of one cell: a grid owns rows only (axe's
 * aria-required-children, critical), and the message with its buttons is then part of the grid.
 */
function EmptyGridRow(props: { empty?: EmptyListOverlayProps }) {
  return (
    <Box role="row" sx={{ height: '100%' }}>
      <Box role="gridcell" sx={{ height: '100%' }}>
        <EmptyListOverlay {...props} />
      </Box>
    </Box>
  );
}

const GRID_SLOTS: DataGridProps['slots'] = { noRowsOverlay: EmptyGridRow };
// Rows of grey while the first page loads (the page's shape at once), a bar after.
const LOADING_OVERLAY = { variant: 'linear-progress', noRowsVariant: 'skeleton' } as const;
const CLICKABLE_ROWS = { '& .MuiDataGrid-row': { cursor: 'pointer' } };

/** Whether a click or key press landed on the row's link or its selection checkbox (they act alone). */
const onOwnControl = (event: { target: EventTarget }) =>
  Boolean((event.target as HTMLElement).closest('a, [data-field="__check__"]'));

/** A click that means "open elsewhere" (new tab or window), left to the browser. */
const opensElsewhere = (event: MouseEvent) =>
  event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

// The deleted records' screen: its own chunk, loaded on `<list route>/trash` only.
const TrashPage = lazy(() =>
  import(/* webpackChunkName: "trash" */ './history/TrashPage').then((m) => ({ default: m.TrashPage })),
);

/**
 * A resource's list, or on `<list route>/trash` its deleted records (`TrashPage`): every list
 * screen gets the deleted records' screen from the route alone (the route is `trashRoutes`').
 */
export function ResourceListPage<T extends ResourceRow>(props: ResourceListPageProps<T>) {
  const trash = useMatch(trashPath(props.contract.route));
  return trash ? (
    <Suspense fallback={<LinearProgress />}>
      <TrashPage contract={props.contract} title={props.title} />
    </Suspense>
  ) : (
    <ListPage {...props} />
  );
}

/**
 * A resource's list (spec §2 List pages): a server-paged, server-sorted grid with search and the
 * contract's filters, all kept in the URL (and the spec's storage keys), Reset filters, Export /
 * Import / Add New as the user's permissions allow. Each row's first column is a real link to its
 * detail page (middle-click opens a tab), a click anywhere on the row or Enter on a focused cell
 * opens it too, and an empty result says what is filtered. Title, breadcrumbs and paths come from
 * the contract unless given.
 */
function ListPage<T extends ResourceRow>({
  contract,
  title = contract.item,
  section = menuSection(contract.route),
  useList,
  columns,
  addPath: addPathProp,
  rowPath: rowPathProp,
  importMutation,
  disableVirtualization,
  selectionActions,
  cardFields: cardFieldsProp,
}: ResourceListPageProps<T>) {
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section && section !== title ? [{ label: section, disabled: true }] : []),
    { label: title },
  ]);
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const may = (action: 'index' | 'store' | 'destroy') =>
    hasPermission(user?.permissions, can(contract, action));
  const list = useListState(contract);
  const { data, isFetching } = useList(list.params);
  const [importing, setImporting] = useState(false);
  // The import dialog is mounted from its first opening on (a closed dialog is nothing to draw on
  // the list's first paint); it stays mounted after, as before.
  const [importOpened, setImportOpened] = useState(false);
  const openImport = () => {
    setImportOpened(true);
    setImporting(true);
  };
  const phone = usePhone();
  // The search and filters come in right after the first paint (stand-ins hold their places): drawn
  // with the grid, they kept its first rows off the screen longest (issue #15).
  const controls = useAfterPaint();
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const rows = data?.data;
  const selectedIds = useMemo(
    () =>
      selection.type === 'include'
        ? [...selection.ids].map(Number)
        : (rows ?? []).filter((row) => !selection.ids.has(row.id)).map((row) => row.id),
    [selection, rows],
  );
  const clearSelection = () => setSelection(NO_SELECTION);
  const back: ListReturnState = { from: location.pathname + location.search };
  const addPath =
    addPathProp === undefined
      ? hasAction(contract, 'store')
        ? addPathOf(contract.route)
        : undefined
      : (addPathProp ?? undefined);
  const canAdd = Boolean(addPath) && may('store');
  // Rows open the detail form where the group has one (its update action), unless told otherwise.
  const rowPath = useMemo(
    () =>
      rowPathProp === undefined
        ? hasAction(contract, 'update')
          ? (row: T) => itemPath(contract.route, row.id)
          : undefined
        : (rowPathProp ?? undefined),
    [rowPathProp, contract],
  );

  // A page past the end (a shared link, rows deleted since) shows the last page instead.
  const lastPage = data?.meta.last_page;
  const total = data?.meta.total;
  const { page } = list.query;
  const { setPage, setPageSize } = list;
  useEffect(() => {
    if (lastPage !== undefined && total && page > lastPage) setPage(lastPage - 1);
  }, [lastPage, total, page, setPage]);

  const gridColumns = useMemo<GridColDef<T>[]>(
    () =>
      columns.map((column, index) => ({
        ...column,
        sortable: column.sortable !== false && contract.sortable.includes(column.field),
        filterable: false,
        ...(index === 0 && rowPath
          ? {
              renderCell: (params: GridRenderCellParams<T>) => (
                <RowLink to={rowPath(params.row)} tabIndex={params.tabIndex}>
                  {column.renderCell ? column.renderCell(params) : (params.formattedValue ?? params.value)}
                </RowLink>
              ),
            }
          : {}),
      })),
    [columns, contract, rowPath],
  );

  // The grid shows the sort only on its own columns (the default sort may be on a hidden one).
  const gridSortModel = useMemo(
    () => list.sortModel.filter(({ field }) => columns.some((column) => column.field === field)),
    [list.sortModel, columns],
  );

  // The grid's handlers keep their identity across renders (until the list's URL changes).
  const from = back.from;
  const { onRowClick, onCellKeyDown } = useMemo<
    Pick<DataGridProps<T>, 'onRowClick' | 'onCellKeyDown'>
  >(() => {
    if (!rowPath) return {};
    const open = (row: T) => navigate(rowPath(row), { state: { from } satisfies ListReturnState });
    return {
      onRowClick: ({ row }, event) => {
        // The row's link, and its selection checkbox, handle their own clicks (and a click meant
        // for a new tab).
        if (opensElsewhere(event) || onOwnControl(event)) return;
        open(row);
      },
      onCellKeyDown: ({ row }, event) => {
        if (event.key !== 'Enter' || onOwnControl(event)) return;
        event.preventDefault();
        open(row);
      },
    };
  }, [rowPath, navigate, from]);

  const actions = (
    <>
      {hasAction(contract, 'destroy') && may('destroy') && (
        <Button
          variant="outlined"
          component={RouterLink}
          to={trashPath(contract.route)}
          startIcon={<RestoreFromTrashIcon />}
        >
          {historyText.deleted}
        </Button>
      )}
      {contract.exportable && may('index') && <ExportMenu contract={contract} params={list.params} />}
      {contract.importable && importMutation && may('store') && (
        <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={openImport}>
          {en.import}
        </Button>
      )}
      {canAdd && (
        <Button variant="contained" component={RouterLink} to={addPath!} startIcon={<AddIcon />}>
          {en.addNew}
        </Button>
      )}
    </>
  );

  const filterRow = (
    <>
      <ListFilters filters={list.filters} query={list.query} onChange={list.setFilter} standIns={!controls} />
      <ResetFiltersButton onReset={list.reset} disabled={!list.filtered} />
    </>
  );

  const emptyAddPath = canAdd ? addPath : undefined;
  const empty = useMemo(
    () => ({ item: contract.item, active: list.active, onReset: list.reset, addPath: emptyAddPath }),
    [contract.item, list.active, list.reset, emptyAddPath],
  );
  // The footer's page buttons and page size move the list's URL themselves. The grid is given no
  // onPaginationModelChange: it also moves the page on its own (to the first page a timer after its
  // sort changes, to the last page when the count shrinks), which the list already does in the URL
  // when it should; arriving a moment late, the grid's move undid a page chosen right after a sort.
  const gridSlotProps = useMemo<DataGridProps<T>['slotProps']>(
    () => ({
      noRowsOverlay: { empty },
      loadingOverlay: LOADING_OVERLAY,
      basePagination: { onPageChange: (_event, index) => setPage(index), onRowsPerPageChange: setPageSize },
    }),
    [empty, setPage, setPageSize],
  );
  // A card shows its title (the first column) and these: the fields named, else the next three
  // columns, the status and the contract's date.
  const cardFields = useMemo(
    () =>
      cardFieldsProp ?? [
        ...columns.slice(1, 4).map((column) => column.field),
        'status',
        contract.dateField ?? 'created_at',
      ],
    [cardFieldsProp, columns, contract],
  );

  return (
    <Stack spacing={2}>
      <ListToolbar
        title={title}
        actions={actions}
        search={
          controls ? (
            <SearchBox value={list.query.search ?? ''} onChange={list.setSearch} />
          ) : (
            <SearchStandIn value={list.query.search} />
          )
        }
        filters={filterRow}
        activeFilters={list.active.filter((filter) => filter.name !== 'search').length}
        collapseFilters={phone}
      />
      {selectionActions && selectedIds.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          role="region"
          aria-label={en.selectedRows.replace('{count}', String(selectedIds.length))}
        >
          <Typography variant="body2" sx={{ mr: 1 }}>
            {en.selectedRows.replace('{count}', String(selectedIds.length))}
          </Typography>
          {selectionActions(selectedIds, clearSelection)}
        </Stack>
      )}
      {phone ? (
        <ResourceCardList<T>
          label={title}
          rows={data?.data ?? []}
          columns={columns}
          fields={cardFields}
          rowCount={data?.meta.total ?? 0}
          loading={isFetching}
          paginationModel={list.paginationModel}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          pageSizeOptions={PAGE_SIZES}
          sortModel={list.sortModel}
          onSortModelChange={list.setSortModel}
          sortable={columns
            .filter((column) => column.sortable !== false && contract.sortable.includes(column.field))
            .map((column) => column.field)}
          rowPath={rowPath}
          back={back}
          empty={empty}
        />
      ) : (
        <Paper variant="outlined">
          <DataGrid<T>
            rows={rows ?? NO_ROWS}
            columns={gridColumns}
            rowCount={data?.meta.total ?? 0}
            loading={isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={list.paginationModel}
            pageSizeOptions={GRID_PAGE_SIZES}
            sortModel={gridSortModel}
            onSortModelChange={list.setSortModel}
            sortingOrder={SORTING_ORDER}
            disableColumnFilter
            disableRowSelectionOnClick
            // No checkboxes over an empty grid (its header checkbox alone breaks the grid's ARIA structure).
            checkboxSelection={Boolean(selectionActions) && Boolean(rows?.length)}
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            disableVirtualization={disableVirtualization}
            onRowClick={onRowClick}
            onCellKeyDown={onCellKeyDown}
            slots={GRID_SLOTS}
            slotProps={gridSlotProps}
            sx={rowPath ? CLICKABLE_ROWS : undefined}
            autoHeight
          />
        </Paper>
      )}
      {importMutation && importOpened && (
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
