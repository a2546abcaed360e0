import { styled } from '@mui/material/styles';
import { formatDisplayDate } from '../../shared/formats';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import type { DateRangeValue, EnumValue } from '../../shared/resources/resource';
import { BOOLEAN_FILTER_MIN_WIDTH, booleanText } from './BooleanFilter';
import { DATE_FIELD_SX, DATE_RANGE_ENDS } from './dateRangeParts';
import { OPTIONS_FILTER_MIN_WIDTH, selectionText } from './OptionsFilter';
import { SEARCH_BOX_WIDTH } from './SearchBox';
import type { FilterChoice } from './useListState';

/*
 * A list's search and filters come in right after its first paint; until then these stand in
 * (`ResourceListPage`, `ListFilters` with `standIns`), one plain element each, at the controls'
 * sizes and with their words, so nothing moves when they come. The controls are MUI's outlined
 * fields: drawn in the commit that first draws the grid, their first render (their components and
 * styles) was the largest part of the list's own work before its rows showed (issue #15,
 * bench/README.md).
 */

// A small outlined field: 40 px high, its outline inside its box (an inset shadow, as the field's
// outline takes no room either), its text where the field's is, room for a select's arrow.
const Field = styled('div')(({ theme }) => ({
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  height: 40,
  padding: '0 32px 0 14px',
  borderRadius: theme.shape.borderRadius,
  boxShadow: `inset 0 0 0 1px ${theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'}`,
  ...theme.typography.body1,
  color: theme.palette.text.secondary,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  '&[data-value]': { color: theme.palette.text.primary },
}));

// The date range's fields and presets button, wrapping as the range's own row does.
const Group = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1),
}));

// The presets button's place (an icon button: 40 px square).
const ButtonPlace = styled('div')({ width: 40, height: 40 });

/** A field's stand-in: its label, or its value when it has one. */
function FieldStandIn({
  label,
  value,
  width,
}: {
  label: string;
  value?: string;
  width: { [key: string]: number };
}) {
  return (
    <Field aria-hidden data-value={value ? '' : undefined} style={width}>
      {value || label}
    </Field>
  );
}

/** The search box's stand-in, with the search the list has. */
export function SearchStandIn({ value }: { value?: string }) {
  return (
    <FieldStandIn label={LIST_SCREEN_MESSAGES.search} value={value} width={{ width: SEARCH_BOX_WIDTH }} />
  );
}

/** A date range filter's stand-in: its two fields, with their dates, and its presets button's place. */
export function DateRangeStandIn({ value }: { value?: DateRangeValue }) {
  return (
    <Group aria-hidden>
      {DATE_RANGE_ENDS.map(({ end, label }) => (
        <FieldStandIn key={end} label={label} value={formatDisplayDate(value?.[end])} width={DATE_FIELD_SX} />
      ))}
      <ButtonPlace />
    </Group>
  );
}

/** A yes / no filter's stand-in: Any, Yes or No. */
export function BooleanStandIn({ label, value }: { label: string; value?: boolean }) {
  return (
    <FieldStandIn label={label} value={booleanText(value)} width={{ minWidth: BOOLEAN_FILTER_MIN_WIDTH }} />
  );
}

/** A multi-select filter's stand-in: the chosen options' names, growing with them as the select does. */
export function OptionsStandIn({
  label,
  options,
  selected,
}: {
  label: string;
  options?: readonly FilterChoice[];
  selected: readonly EnumValue[];
}) {
  return (
    <FieldStandIn
      label={label}
      value={selectionText(options, selected)}
      width={{ minWidth: OPTIONS_FILTER_MIN_WIDTH }}
    />
  );
}
