import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { permissionMatrix, type Permission } from '../../shared/resources/roles';
import type { HttpMethod } from '../../shared/permissions';
import { format } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';

/** The friendly name under each method column. */
const METHOD_SUBTITLES = {
  GET: SETTINGS_MESSAGES.methodView,
  POST: SETTINGS_MESSAGES.methodCreate,
  PUT: SETTINGS_MESSAGES.methodUpdate,
  DELETE: SETTINGS_MESSAGES.methodDelete,
} as const satisfies Record<HttpMethod, string>;

export interface PermissionMatrixProps {
  /** Every permission there is (`GET /api/permissions`). */
  catalogue: Permission[];
  /** The granted permission ids. */
  value: number[];
  /** Called with the new set of granted ids, in ascending order. */
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

interface ToggleState {
  checked: boolean;
  indeterminate: boolean;
}

/**
 * The group column stays in view while the method columns scroll sideways (a phone shows the whole
 * matrix inside its own frame): sticky, on the paper's colour so scrolled cells pass under it.
 */
const pinned = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/** A group of ids is checked when all are granted, indeterminate when only some are. */
function toggleState(ids: readonly number[], granted: ReadonlySet<number>): ToggleState {
  const held = ids.filter((id) => granted.has(id)).length;
  return { checked: ids.length > 0 && held === ids.length, indeterminate: held > 0 && held < ids.length };
}

interface GroupToggleProps extends ToggleState {
  label: string;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * A whole row's or column's checkbox. Partly granted, it is the native checkbox's own indeterminate
 * state (which browsers expose as "mixed"), not `aria-checked="mixed"`: a native checkbox must not
 * carry aria-checked (axe's aria-conditional-attr), MUI's `indeterminate` adds it, so it is taken off.
 */
function GroupToggle({ checked, indeterminate, label, disabled, onToggle }: GroupToggleProps) {
  const input = useRef<HTMLInputElement>(null);
  // After every render: a click clears the native state, and the next render puts back the truth.
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  });
  return (
    <Checkbox
      size="small"
      checked={checked}
      indeterminate={indeterminate}
      disabled={disabled}
      onChange={onToggle}
      inputRef={input}
      slotProps={{ input: { 'aria-label': label, 'aria-checked': undefined } }}
    />
  );
}

/**
 * Whether the matrix is wider than its frame (a phone), and whether columns are still out of sight
 * on the right: then it says so, and its right edge fades, so nobody takes POST…DELETE to be absent.
 */
function useSideways() {
  const [element, setFrame] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState({ overflows: false, more: false });
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const more = overflows && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setState((previous) =>
        previous.overflows === overflows && previous.more === more ? previous : { overflows, more },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [element]);
  return { setFrame, ...state };
}

/**
 * A role's permissions as a grid (spec §3 Permission entry): one row per group, one column per
 * method, a checkbox per permission id; whole-row and whole-column toggles grant or revoke together.
 */
export function PermissionMatrix({ catalogue, value, onChange, disabled }: PermissionMatrixProps) {
  const matrix = useMemo(() => permissionMatrix(catalogue), [catalogue]);
  const granted = useMemo(() => new Set(value), [value]);

  const set = (ids: readonly number[], grant: boolean) => {
    const next = new Set(granted);
    for (const id of ids) {
      if (grant) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };
  /** Grants all of `ids` unless all are held already, in which case it revokes them. */
  const toggleAll = (ids: readonly number[]) => set(ids, !toggleState(ids, granted).checked);

  const cellIds = (cells: Partial<Record<HttpMethod, number>>) =>
    matrix.methods.flatMap((method) => (cells[method] === undefined ? [] : [cells[method]]));
  const columnIds = (method: HttpMethod) =>
    matrix.rows.flatMap((row) => (row.cells[method] === undefined ? [] : [row.cells[method]]));

  const { setFrame, overflows, more } = useSideways();

  return (
    <Box sx={{ position: 'relative' }}>
      {overflows && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {SETTINGS_MESSAGES.matrixScrolls}
        </Typography>
      )}
      <TableContainer
        ref={setFrame}
        // A scrolling region is reachable by keyboard and named, so it can be scrolled without a mouse.
        tabIndex={0}
        role="region"
        aria-label={SETTINGS_MESSAGES.permissionMatrix}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight: { xs: '70vh', md: 'none' },
          // Columns still out of sight on the right: the edge fades into them.
          ...(more && {
            maskImage: 'linear-gradient(to right, #000 calc(100% - 32px), transparent)',
          }),
        }}
      >
        <Table
          size="small"
          aria-label={SETTINGS_MESSAGES.permissionGroup}
          stickyHeader
          sx={{ minWidth: 520 }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...pinned, zIndex: 3 }}>{SETTINGS_MESSAGES.permissionGroup}</TableCell>
              {matrix.methods.map((method) => {
                const ids = columnIds(method);
                return (
                  <TableCell key={method} align="center">
                    <Stack alignItems="center">
                      <Typography variant="subtitle2" component="span">
                        {method}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {METHOD_SUBTITLES[method]}
                      </Typography>
                      <GroupToggle
                        {...toggleState(ids, granted)}
                        label={format(SETTINGS_MESSAGES.allOfMethod, { method })}
                        disabled={Boolean(disabled) || ids.length === 0}
                        onToggle={() => toggleAll(ids)}
                      />
                    </Stack>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {matrix.rows.map((row) => {
              const ids = cellIds(row.cells);
              return (
                <TableRow key={row.group} hover>
                  <TableCell component="th" scope="row" sx={pinned}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <GroupToggle
                        {...toggleState(ids, granted)}
                        label={format(SETTINGS_MESSAGES.allOfGroup, { group: row.label })}
                        disabled={Boolean(disabled)}
                        onToggle={() => toggleAll(ids)}
                      />
                      <Typography variant="body2" sx={{ textTransform: 'capitalize' }}>
                        {row.label}
                      </Typography>
                    </Box>
                  </TableCell>
                  {matrix.methods.map((method) => {
                    const id = row.cells[method];
                    return (
                      <TableCell key={method} align="center">
                        {id !== undefined && (
                          <Checkbox
                            size="small"
                            value={id}
                            checked={granted.has(id)}
                            disabled={disabled}
                            onChange={(event) => set([id], event.target.checked)}
                            slotProps={{ input: { 'aria-label': `${row.label} ${method}` } }}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
