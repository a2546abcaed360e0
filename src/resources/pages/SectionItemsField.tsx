import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { getIn, useFormikContext } from 'formik';
import { emptyItem, PAGE_TEXT, type SectionItems } from '../../shared/resources/pages';
import { newItemKey, type ItemValues } from './pageForm';

export interface SectionItemsFieldProps {
  /** The Formik field holding the items (`sections.why_us.items`). */
  name: string;
  items: SectionItems;
  disabled?: boolean;
  /** The inputs of one item, whose fields are under `${name}[index]`. */
  renderItem: (prefix: string, index: number) => ReactNode;
}

type Action = 'up' | 'down' | 'remove' | 'add' | 'first';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A section's repeatable items: add (up to the maximum), remove (down to the minimum) and move up or
 * down, with the buttons or Alt + Arrow Up / Down inside an item. Focus follows the moved item, and a
 * status line tells screen readers what happened.
 */
export function SectionItemsField({ name, items: definition, disabled, renderItem }: SectionItemsFieldProps) {
  const formik = useFormikContext();
  const items = (getIn(formik.values, name) as ItemValues[] | undefined) ?? [];
  const error = getIn(formik.errors, name) as unknown;
  const listError = typeof error === 'string' ? error : undefined;
  const container = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ key?: string; action: Action } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const label = definition.label;
  const nameOf = (index: number) => PAGE_TEXT.itemHeading(label, index + 1);

  useEffect(() => {
    if (!focus || !container.current) return;
    const root = container.current;
    const item = focus.key ? root.querySelector(`[data-item-key="${focus.key}"]`) : null;
    const enabled = (selector: string) =>
      (item ?? root).querySelector<HTMLElement>(`${selector}:not(:disabled)`);
    const target =
      focus.action === 'first'
        ? (item?.querySelector<HTMLElement>('input, textarea') ?? null)
        : focus.action === 'add'
          ? root.querySelector<HTMLElement>('[data-action="add"]')
          : (enabled(`[data-action="${focus.action}"]`) ??
            enabled('[data-action="up"]') ??
            enabled('[data-action="down"]') ??
            enabled('[data-action="remove"]'));
    target?.focus();
    setFocus(null);
  }, [focus]);

  const set = (next: ItemValues[]) => void formik.setFieldValue(name, next);
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (disabled || to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved);
    set(next);
    setAnnouncement(PAGE_TEXT.moved(nameOf(index), to + 1));
    setFocus({ key: moved._key, action: by < 0 ? 'up' : 'down' });
  };
  const remove = (index: number) => {
    if (disabled || items.length <= definition.min) return;
    const next = items.filter((_, position) => position !== index);
    set(next);
    setAnnouncement(PAGE_TEXT.removed(nameOf(index)));
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocus(neighbour ? { key: neighbour._key, action: 'remove' } : { action: 'add' });
  };
  const add = () => {
    if (disabled || items.length >= definition.max) return;
    const item: ItemValues = { ...emptyItem(definition), _key: newItemKey() };
    set([...items, item]);
    setAnnouncement(PAGE_TEXT.added(nameOf(items.length)));
    setFocus({ key: item._key, action: 'first' });
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1);
  };

  return (
    <Stack spacing={1.5} ref={container} data-field={name}>
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {PAGE_TEXT.noItems}
        </Typography>
      )}
      {items.map((item, index) => {
        const itemName = nameOf(index);
        return (
          <Paper
            key={item._key}
            variant="outlined"
            component="fieldset"
            data-item-key={item._key}
            aria-label={itemName}
            onKeyDown={onKeyDown(index)}
            sx={{ p: 2, pt: 1, m: 0, minWidth: 0 }}
          >
            <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mb: 1 }}>
              <Typography component="legend" variant="subtitle2" sx={{ flexGrow: 1, float: 'left' }}>
                {itemName}
              </Typography>
              <Tooltip title={PAGE_TEXT.moveUp(itemName)}>
                <span>
                  <IconButton
                    size="small"
                    data-action="up"
                    aria-label={PAGE_TEXT.moveUp(itemName)}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={PAGE_TEXT.moveDown(itemName)}>
                <span>
                  <IconButton
                    size="small"
                    data-action="down"
                    aria-label={PAGE_TEXT.moveDown(itemName)}
                    disabled={disabled || index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={PAGE_TEXT.remove(itemName)}>
                <span>
                  <IconButton
                    size="small"
                    data-action="remove"
                    aria-label={PAGE_TEXT.remove(itemName)}
                    disabled={disabled || items.length <= definition.min}
                    onClick={() => remove(index)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
            <Stack spacing={1} sx={{ clear: 'both' }}>
              {renderItem(`${name}[${index}]`, index)}
            </Stack>
          </Paper>
        );
      })}
      <Stack direction="row" alignItems="center" spacing={2}>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          data-action="add"
          onClick={add}
          disabled={disabled || items.length >= definition.max}
        >
          {PAGE_TEXT.add(label)}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {PAGE_TEXT.count(items.length, definition.min, definition.max)}
        </Typography>
      </Stack>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <FormHelperText>{PAGE_TEXT.keyboardHint}</FormHelperText>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Stack>
  );
}
