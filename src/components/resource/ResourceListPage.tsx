import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
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
import { en, format } from '../../shared/messages';
import { BULK_EDIT_MESSAGES } from '../../shared/messages/bulkEdit';
import { hasPermission } from '../../shared/permissions';
import { can, hasAction, type ListParams, type ResourceContract } from '../../shared/resources/resource';
import { historyText } from '../../shared/messages/historyScreens';
import { addPath as addPathOf, itemPath, ROUTES, trashPath } from '../../shared/routes';
import { RowLink, type ListReturnState } from './cells';
import { BulkEditButtons, BulkEditParts, useBulkEdit, type BulkEdit } from './BulkEditControls';
import { EmptyListOverlay, type EmptyListOverlayProps } from './EmptyListOverlay';
import { ListViewToggle, useListView } from './ListViewToggle';
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
import { SCREEN_TEXT } from '../../shared/messages/screens';

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

/** Where Add New and each row lead: the props' paths, else the contract's add and detail pages. */
function useListPaths<T extends ResourceRow>(
  contract: ResourceContract,
  addPathProp: string | null | undefined,
  rowPathProp: ((row: T) => string) | null | undefined,
) {
  const addPath =
    addPathProp === undefined
      ? hasAction(contract, 'store')
        ? addPathOf(contract.route)
        : undefined
      : (addPathProp ?? undefined);
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
  return { addPath, rowPath };
}

/** The rows checked for a bulk action (all of the page but some, or some), as ids. */
function useSelection<T extends ResourceRow>(rows: T[] | undefined) {
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const selectedIds = useMemo(
    () =>
      selection.type === 'include'
        ? [...selection.ids].map(Number)
        : (rows ?? []).filter((row) => !selection.ids.has(row.id)).map((row) => row.id),
    [selection, rows],
  );
  return { selection, setSelection, selectedIds, clearSelection: () => setSelection(NO_SELECTION) };
}

/** The grid's columns: sortable where the contract sorts, the first one a link to the row's page. */
function useGridColumns<T extends ResourceRow>(
  columns: ResourceListPageProps<T>['columns'],
  contract: ResourceContract,
  rowPath: ((row: T) => string) | undefined,
) {
  return useMemo<GridColDef<T>[]>(
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
}

/** A row opened by a click or Enter (the handlers keep their identity until the list's URL changes). */
function useRowOpening<T extends ResourceRow>(rowPath: ((row: T) => string) | undefined, from: string) {
  const navigate = useNavigate();
  return useMemo<Pick<DataGridProps<T>, 'onRowClick' | 'onCellKeyDown'>>(() => {
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
}

interface ListActionsProps {
  contract: ResourceContract;
  params: ListParams;
  may: (action: 'index' | 'store' | 'destroy') => boolean;
  onImport?: () => void;
  addPath?: string;
}

/** The toolbar's buttons, as the user's permissions allow: Deleted, Export, Import, Add New. */
function ListActions({ contract, params, may, onImport, addPath }: ListActionsProps) {
  return (
    <>
      {hasAction(contract, 'destroy') && contract.trash !== false && may('destroy') && (
        <Button
          variant="outlined"
          component={RouterLink}
          to={trashPath(contract.route)}
          startIcon={<RestoreFromTrashIcon />}
        >
          {historyText.deleted}
        </Button>
      )}
      {contract.exportable && may('index') && <ExportMenu contract={contract} params={params} />}
      {onImport && (
        <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={onImport}>
          {SCREEN_TEXT.import}
        </Button>
      )}
      {addPath && (
        <Button variant="contained" component={RouterLink} to={addPath} startIcon={<AddIcon />}>
          {SCREEN_TEXT.addNew}
        </Button>
      )}
    </>
  );
}

/** "N selected" and the bulk actions, above the grid while rows are checked. */
function SelectionBar({ count, all, children }: { count: number; all?: boolean; children: ReactNode }) {
  const text = all
    ? format(BULK_EDIT_MESSAGES.allMatchingSelected, { count })
    : SCREEN_TEXT.selectedRows.replace('{count}', String(count));
  return (
    <Stack direction="row" spacing={1} alignItems="center" role="region" aria-label={text}>
      <Typography variant="body2" sx={{ mr: 1 }}>
        {text}
      </Typography>
      {children}
    </Stack>
  );
}

interface ListSelectionProps {
  bulk: BulkEdit;
  contract: ResourceContract;
  actions: ResourceListPageProps<ResourceRow>['selectionActions'];
  selectedIds: number[];
  pageRows: number;
  total: number;
  phone: boolean;
  clearSelection: () => void;
}

/** The selection bar while rows are checked (the page's bulk actions, bulk edit), and the bulk edit's parts. */
function ListSelection(props: ListSelectionProps) {
  const { bulk, contract, actions, selectedIds, pageRows, total, phone, clearSelection } = props;
  return (
    <>
      {(actions || bulk.allowed) && selectedIds.length > 0 && (
        <SelectionBar count={bulk.allMatching ? total : selectedIds.length} all={bulk.allMatching}>
          {!bulk.allMatching && actions?.(selectedIds, clearSelection)}
          <BulkEditButtons
            bulk={bulk}
            selectedIds={selectedIds}
            pageRows={pageRows}
            total={total}
            clearSelection={clearSelection}
          />
        </SelectionBar>
      )}
      <BulkEditParts
        bulk={bulk}
        contract={contract}
        total={total}
        phone={phone}
        clearSelection={clearSelection}
      />
    </>
  );
}

/**
 * The grid's empty message and the footer's page controls. The footer's page buttons and page size
 * move the list's URL themselves. The grid is given no onPaginationModelChange: it also moves the
 * page on its own (to the first page a timer after its sort changes, to the last page when the count
 * shrinks), which the list already does in the URL when it should; arriving a moment late, the
 * grid's move undid a page chosen right after a sort.
 */
function useGridSlotProps<T extends ResourceRow>(
  empty: EmptyListOverlayProps,
  setPage: (index: number) => void,
  setPageSize: (size: number) => void,
) {
  return useMemo<DataGridProps<T>['slotProps']>(
    () => ({
      noRowsOverlay: { empty },
      loadingOverlay: LOADING_OVERLAY,
      basePagination: { onPageChange: (_event, index) => setPage(index), onRowsPerPageChange: setPageSize },
    }),
    [empty, setPage, setPageSize],
  );
}

interface ListGridProps<T extends ResourceRow> {
  list: ReturnType<typeof useListState>;
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  columns: ResourceListPageProps<T>['columns'];
  contract: ResourceContract;
  rowPath: ((row: T) => string) | undefined;
  from: string;
  empty: EmptyListOverlayProps;
  /** Checkboxes on the rows (bulk actions), and the selection they hold. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
  disableVirtualization?: boolean;
}

/** The desktop list: a server-paged, server-sorted DataGrid whose rows open their page. */
function ListGrid<T extends ResourceRow>({
  list,
  rows,
  total,
  loading,
  columns,
  contract,
  rowPath,
  from,
  empty,
  selection,
  disableVirtualization,
}: ListGridProps<T>) {
  const gridColumns = useGridColumns(columns, contract, rowPath);
  // The grid shows the sort only on its own columns (the default sort may be on a hidden one).
  const gridSortModel = useMemo(
    () => list.sortModel.filter(({ field }) => columns.some((column) => column.field === field)),
    [list.sortModel, columns],
  );
  const { onRowClick, onCellKeyDown } = useRowOpening(rowPath, from);
  const slotProps = useGridSlotProps<T>(empty, list.setPage, list.setPageSize);
  return (
    <Paper variant="outlined">
      <DataGrid<T>
        rows={rows ?? NO_ROWS}
        columns={gridColumns}
        rowCount={total}
        loading={loading}
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
        checkboxSelection={Boolean(selection) && Boolean(rows?.length)}
        rowSelectionModel={selection?.model ?? NO_SELECTION}
        onRowSelectionModelChange={selection?.onChange}
        disableVirtualization={disableVirtualization}
        onRowClick={onRowClick}
        onCellKeyDown={onCellKeyDown}
        slots={GRID_SLOTS}
        slotProps={slotProps}
        sx={rowPath ? CLICKABLE_ROWS : undefined}
        autoHeight
      />
    </Paper>
  );
}

interface ListPageToolbarProps {
  title: string;
  contract: ResourceContract;
  list: ReturnType<typeof useListState>;
  may: ListActionsProps['may'];
  addPath?: string;
  onImport?: () => void;
}

/** The heading with the actions, the search and the filters (folded away on a phone). */
function ListPageToolbar({ title, contract, list, may, addPath, onImport }: ListPageToolbarProps) {
  const phone = usePhone();
  // The search and filters come in right after the first paint (stand-ins hold their places): drawn
  // with the grid, they kept its first rows off the screen longest (issue #15).
  const controls = useAfterPaint();
  return (
    <ListToolbar
      title={title}
      actions={
        <ListActions
          contract={contract}
          params={list.params}
          may={may}
          addPath={addPath}
          onImport={onImport}
        />
      }
      search={
        controls ? (
          <SearchBox value={list.query.search ?? ''} onChange={list.setSearch} />
        ) : (
          <SearchStandIn value={list.query.search} />
        )
      }
      filters={
        <>
          <ListFilters
            filters={list.filters}
            query={list.query}
            onChange={list.setFilter}
            standIns={!controls}
          />
          <ResetFiltersButton onReset={list.reset} disabled={!list.filtered} />
        </>
      }
      activeFilters={list.active.filter((filter) => filter.name !== 'search').length}
      collapseFilters={phone}
    />
  );
}

interface ListCardsProps<T extends ResourceRow> {
  title: string;
  list: ReturnType<typeof useListState>;
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  columns: ResourceListPageProps<T>['columns'];
  contract: ResourceContract;
  fields?: readonly string[];
  rowPath: ((row: T) => string) | undefined;
  back: ListReturnState;
  empty: EmptyListOverlayProps;
  /** The Grid view: the cards as tiles with this picture on each. */
  picture?: (row: T) => ReactNode;
}

/** The phone's list, and a gallery's Grid view: a card per row. */
function ListCards<T extends ResourceRow>(props: ListCardsProps<T>) {
  const { title, list, rows, total, loading, columns, contract, fields, rowPath, back, empty, picture } =
    props;
  // A card shows its title (the first column) and these: the fields named, else the next three
  // columns, the status and the contract's date.
  const cardFields = useMemo(
    () =>
      fields ?? [
        ...columns.slice(1, 4).map((column) => column.field),
        'status',
        contract.dateField ?? 'created_at',
      ],
    [fields, columns, contract],
  );
  return (
    <ResourceCardList<T>
      label={title}
      rows={rows ?? []}
      columns={columns}
      fields={cardFields}
      rowCount={total}
      loading={loading}
      paginationModel={list.paginationModel}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
      pageSizeOptions={PAGE_SIZES}
      sortModel={list.sortModel}
      onSortModelChange={list.setSortModel}
      sortable={columns
        .filter((column) => column.sortable !== false && contract.sortable.includes(column.field))
        .map((column) => column.field)}
      rowPath={rowPath}
      back={back}
      empty={empty}
      picture={picture}
    />
  );
}

/** A page past the end (a shared link, rows deleted since) shows the last page instead. */
function useLastPageShown(
  list: ReturnType<typeof useListState>,
  meta: { last_page: number; total: number } | undefined,
) {
  const lastPage = meta?.last_page;
  const total = meta?.total;
  const { page } = list.query;
  const { setPage } = list;
  useEffect(() => {
    if (lastPage !== undefined && total && page > lastPage) setPage(lastPage - 1);
  }, [lastPage, total, page, setPage]);
}

/**
 * The import dialog: mounted from its first opening on (a closed dialog is nothing to draw on the
 * list's first paint), and kept mounted after.
 */
function useImportDialog() {
  const [showing, setShowing] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    showing,
    opened,
    open: () => {
      setOpened(true);
      setShowing(true);
    },
    close: () => setShowing(false),
  };
}

/** Dashboard › the menu's section (when it is not the list itself) › the list. */
function useListBreadcrumbs(title: string, section: string | undefined) {
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section && section !== title ? [{ label: section, disabled: true }] : []),
    { label: title },
  ]);
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
  gallery,
}: ResourceListPageProps<T>) {
  useListBreadcrumbs(title, section);
  const location = useLocation();
  const { user } = useAuth();
  const may = (action: 'index' | 'store' | 'destroy') =>
    hasPermission(user?.permissions, can(contract, action));
  const list = useListState(contract);
  const { data, isFetching } = useList(list.params);
  const importDialog = useImportDialog();
  const phone = usePhone();
  const [view, setView] = useListView(gallery?.storageKey);
  const tiles = gallery && !phone && view === 'grid' ? gallery.picture : undefined;
  const rows = data?.data;
  const { selection, setSelection, selectedIds, clearSelection } = useSelection(rows);
  const back: ListReturnState = { from: location.pathname + location.search };
  const { addPath, rowPath } = useListPaths(contract, addPathProp, rowPathProp);
  const canAdd = Boolean(addPath) && may('store');

  useLastPageShown(list, data?.meta);

  const emptyAddPath = canAdd ? addPath : undefined;
  const empty = useMemo(
    () => ({ item: contract.item, active: list.active, onReset: list.reset, addPath: emptyAddPath }),
    [contract.item, list.active, list.reset, emptyAddPath],
  );
  const mayImport = Boolean(contract.importable && importMutation && may('store'));
  const bulk = useBulkEdit(contract, list.params);
  const total = data?.meta.total ?? 0;
  const shown = { list, rows, total, loading: isFetching, columns, contract, rowPath, empty };

  return (
    <Stack spacing={2}>
      <ListPageToolbar
        title={title}
        contract={contract}
        list={list}
        may={may}
        addPath={emptyAddPath}
        onImport={mayImport ? importDialog.open : undefined}
      />
      <ListSelection
        {...{ bulk, contract, selectedIds, total, phone, clearSelection }}
        actions={selectionActions}
        pageRows={rows?.length ?? 0}
      />
      {gallery && !phone && <ListViewToggle view={view} onChange={setView} />}
      {phone || tiles ? (
        <ListCards<T> {...shown} title={title} fields={cardFieldsProp} back={back} picture={tiles} />
      ) : (
        <ListGrid<T>
          {...shown}
          from={back.from}
          selection={
            selectionActions || bulk.allowed ? { model: selection, onChange: setSelection } : undefined
          }
          disableVirtualization={disableVirtualization}
        />
      )}
      {importMutation && importDialog.opened && (
        <ImportDialog
          open={importDialog.showing}
          onClose={importDialog.close}
          contract={contract}
          useImport={importMutation}
        />
      )}
    </Stack>
  );
}
