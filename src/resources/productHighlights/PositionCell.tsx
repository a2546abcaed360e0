import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { GridRenderCellParams } from '@mui/x-data-grid';
import { useUpdateProductHighlightMutation } from '../../../store/productHighlightsApi';
import { useAuth } from '../../auth/AuthContext';
import { useNotify } from '../../hooks/useNotify';
import { hasPermission } from '../../shared/permissions';
import { en } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { can } from '../../shared/resources/resource';
import { productHighlightsResource, type ProductHighlight } from '../../shared/resources/productHighlights';
import { toHighlightBody, toHighlightValues } from './ProductHighlightFormScreen';

/**
 * The position of a highlight in the list, with buttons that swap it with the row above or below
 * (as the list is sorted): two updates, each with the version it was read at (a stale one is a 409).
 */
export function PositionCell({ row, api }: GridRenderCellParams<ProductHighlight>) {
  const [update] = useUpdateProductHighlightMutation();
  const notify = useNotify();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const canUpdate = hasPermission(user?.permissions, can(productHighlightsResource, 'update'));
  const ids = api.getSortedRowIds();
  const index = ids.indexOf(row.id);
  const neighbour = (offset: number) => {
    const id = ids[index + offset];
    return id === undefined ? undefined : ((api.getRow(id) as ProductHighlight | null) ?? undefined);
  };
  const swap = async (other: ProductHighlight | undefined) => {
    if (!other) return;
    setBusy(true);
    try {
      // Equal positions (added with one) still change order: the moved one takes the other's place ±1.
      const mine =
        other.position === row.position
          ? other.position + (ids.indexOf(other.id) < index ? 0 : 1)
          : other.position;
      const theirs =
        other.position === row.position
          ? row.position + (ids.indexOf(other.id) < index ? 1 : 0)
          : row.position;
      await update({
        id: row.id,
        ...toHighlightBody({ ...toHighlightValues(row), position: mine }),
        updated_at: row.updated_at,
      }).unwrap();
      await update({
        id: other.id,
        ...toHighlightBody({ ...toHighlightValues(other), position: theirs }),
        updated_at: other.updated_at,
      }).unwrap();
    } catch (error) {
      const message = (error as { data?: { message?: string } }).data?.message ?? en.serverError;
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };
  const above = neighbour(-1);
  const below = neighbour(1);
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} sx={{ height: '100%' }}>
      <Typography variant="body2" sx={{ minWidth: 24 }}>
        {row.position}
      </Typography>
      {canUpdate && (
        <>
          <Tooltip title={CATALOGUE_MESSAGES.moveUp}>
            <span>
              <IconButton
                size="small"
                aria-label={`${CATALOGUE_MESSAGES.moveUp}: ${row.title}`}
                disabled={busy || !above}
                onClick={(event) => {
                  // The row's own click opens the item: a move stays on the list.
                  event.stopPropagation();
                  void swap(above);
                }}
              >
                <ArrowUpwardIcon fontSize="inherit" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={CATALOGUE_MESSAGES.moveDown}>
            <span>
              <IconButton
                size="small"
                aria-label={`${CATALOGUE_MESSAGES.moveDown}: ${row.title}`}
                disabled={busy || !below}
                onClick={(event) => {
                  event.stopPropagation();
                  void swap(below);
                }}
              >
                <ArrowDownwardIcon fontSize="inherit" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}
