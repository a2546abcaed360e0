import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel, GridRenderCellParams, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { en, format } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import type { ListReturnState } from './cells';
import { EmptyListOverlay, type EmptyListOverlayProps } from './EmptyListOverlay';
import type { ResourceRow } from './types';

export interface ResourceCardListProps<T extends ResourceRow> {
  /** The list's name (the cards' list is labelled with it). */
  label: string;
  rows: readonly T[];
  /** The grid's columns: the first is each card's title, `fields` name the others it shows. */
  columns: readonly GridColDef<T>[];
  /** The fields of the other columns a card shows, in the columns' order. */
  fields: readonly string[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  /** Goes to a page, counted from 0. */
  onPageChange: (index: number) => void;
  /** A new page size (the list starts again at its first page). */
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions: readonly number[];
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  /** The fields the list may be sorted by (the grid's sortable columns). */
  sortable: readonly string[];
  /** A card opens this page; none: cards open nothing. */
  rowPath?: (row: T) => string;
  back: ListReturnState;
  empty: EmptyListOverlayProps;
  /** Tiles: the cards side by side in as many columns as fit, each with this picture on top. */
  picture?: (row: T) => ReactNode;
}

/** A cell's value as the grid would show it: its valueGetter, then its valueFormatter. */
function cellValue<T extends ResourceRow>(column: GridColDef<T>, row: T): { value: unknown; text: string } {
  const raw = (row as Record<string, unknown>)[column.field];
  // The columns' getters and formatters read the value and the row only (no grid api off the grid).
  const value = column.valueGetter
    ? (column.valueGetter as (value: unknown, row: T) => unknown)(raw, row)
    : raw;
  const formatted = column.valueFormatter
    ? (column.valueFormatter as (value: unknown, row: T) => unknown)(value, row)
    : value;
  return { value, text: formatted === null || formatted === undefined ? '' : String(formatted) };
}

/** A cell as the grid would draw it: its renderCell (given the row, value and field), else its text. */
function cellContent<T extends ResourceRow>(column: GridColDef<T>, row: T): ReactNode {
  const { value, text } = cellValue(column, row);
  if (!column.renderCell) return text;
  const params = {
    row,
    id: row.id,
    field: column.field,
    value,
    formattedValue: text,
    colDef: column,
    tabIndex: -1,
    hasFocus: false,
  } as unknown as GridRenderCellParams<T>;
  return column.renderCell(params);
}

type Props<T extends ResourceRow> = ResourceCardListProps<T>;

/** One row as a card: its title (a link stretched over the card) and its key fields as a list. */
function RowCard<T extends ResourceRow>({
  row,
  title,
  shown,
  rowPath,
  back,
  picture,
}: {
  row: T;
  title: Props<T>['columns'][number];
  shown: Props<T>['columns'];
  rowPath?: Props<T>['rowPath'];
  back: Props<T>['back'];
  picture?: Props<T>['picture'];
}) {
  // A tile's title is the column's text: its picture is above it (the cell may draw a small one).
  const heading = picture ? cellValue(title, row).text : cellContent(title, row);
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{
        position: 'relative',
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        '&:hover': rowPath ? { bgcolor: 'action.hover' } : undefined,
      }}
    >
      {picture?.(row)}
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography component="h2" variant="subtitle1" noWrap={Boolean(picture)} sx={{ mb: 1 }}>
          {rowPath ? (
            <Link
              component={RouterLink}
              to={rowPath(row)}
              state={back}
              color="inherit"
              underline="hover"
              sx={{
                display: 'block',
                // The link covers the card: a tap anywhere opens the record.
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {heading}
            </Link>
          ) : (
            heading
          )}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(6rem, auto) 1fr',
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'center',
          }}
        >
          {shown.map((column) => (
            <Box key={column.field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {column.headerName ?? column.field}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }} noWrap>
                {cellContent(column, row)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The cards: one under another (a phone), or tiles in as many columns as fit (with pictures). */
function CardRows<T extends ResourceRow>({
  label,
  rows,
  loading,
  ...card
}: Pick<Props<T>, 'label' | 'rows' | 'loading' | 'rowPath' | 'back' | 'picture'> & {
  title: Props<T>['columns'][number];
  shown: Props<T>['columns'];
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={loading}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        opacity: loading ? 0.6 : 1,
        ...(card.picture ? { gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))' } : {}),
      }}
    >
      {rows.map((row) => (
        <RowCard key={row.id} row={row} {...card} />
      ))}
    </Box>
  );
}

/** The sort select (a phone has no column headers): each sortable column ascending and descending. */
function SortSelect<T extends ResourceRow>({
  columns: sortColumns,
  sortModel,
  onSortModelChange,
  narrow,
}: {
  columns: Props<T>['columns'];
  sortModel: Props<T>['sortModel'];
  onSortModelChange: Props<T>['onSortModelChange'];
  /** As wide as its longest choice (the tiles of a desktop), not the whole width. */
  narrow?: boolean;
}) {
  const [sort] = sortModel;
  const sortValue = sort ? `${sort.field}:${sort.sort ?? 'asc'}` : '';
  return (
    <TextField
      select
      size="small"
      label={LIST_SCREEN_MESSAGES.sortBy}
      fullWidth={!narrow}
      sx={narrow ? { alignSelf: 'flex-start', minWidth: '16rem' } : undefined}
      value={sortColumns.some((column) => column.field === sort?.field) ? sortValue : ''}
      onChange={(event) => {
        const [field, order] = event.target.value.split(':');
        onSortModelChange([{ field, sort: order === 'desc' ? 'desc' : 'asc' }]);
      }}
    >
      {sortColumns.flatMap((column) => {
        const name = column.headerName ?? column.field;
        return [
          <MenuItem key={`${column.field}:asc`} value={`${column.field}:asc`}>
            {format(LIST_SCREEN_MESSAGES.sortAscending, { label: name })}
          </MenuItem>,
          <MenuItem key={`${column.field}:desc`} value={`${column.field}:desc`}>
            {format(LIST_SCREEN_MESSAGES.sortDescending, { label: name })}
          </MenuItem>,
        ];
      })}
    </TextField>
  );
}

/**
 * A list as cards, for phones (issue #13): each row a card with its title (the first column: a
 * real link to the record, stretched over the card so a tap anywhere opens it, one tab stop per
 * card) and its key fields as label / value pairs; a sort select for the sortable columns (a phone
 * has no column headers) and the grid's paging below. Skeleton cards while the first page loads;
 * the empty result says what is filtered, as the grid does.
 */
export function ResourceCardList<T extends ResourceRow>({
  label,
  rows,
  columns,
  fields,
  rowCount,
  loading,
  paginationModel,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions,
  sortModel,
  onSortModelChange,
  sortable,
  rowPath,
  back,
  empty,
  picture,
}: ResourceCardListProps<T>) {
  const [title, ...others] = columns;
  const shown = others.filter((column) => fields.includes(column.field));
  const sortColumns = columns.filter((column) => sortable.includes(column.field));

  return (
    <Stack spacing={1.5}>
      {sortColumns.length > 0 && (
        <SortSelect
          columns={sortColumns}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          narrow={Boolean(picture)}
        />
      )}
      {rows.length === 0 && loading ? (
        <Stack spacing={1.5} role="progressbar" aria-label={en.loading}>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={112} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Card variant="outlined">
          <EmptyListOverlay empty={empty} />
        </Card>
      ) : (
        <CardRows
          label={label}
          rows={rows}
          loading={loading}
          title={title}
          shown={shown}
          rowPath={rowPath}
          back={back}
          picture={picture}
        />
      )}
      <TablePagination
        component="div"
        count={rowCount}
        page={rowCount === 0 ? 0 : paginationModel.page}
        rowsPerPage={paginationModel.pageSize}
        rowsPerPageOptions={[...pageSizeOptions]}
        onPageChange={(_event, page) => onPageChange(page)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Stack>
  );
}
