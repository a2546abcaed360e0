import { useMemo } from 'react';
import dayjs from 'dayjs';
import { formatApiDate } from '../../shared/formats';
import type { DateRangeValue, EnumValue, ListQuery } from '../../shared/resources/resource';
import { BooleanFilter } from './BooleanFilter';
import { DateRangeFilter, type DateRange } from './DateRangeFilter';
import { OptionsFilter } from './OptionsFilter';
import { BooleanStandIn, DateRangeStandIn, OptionsStandIn } from './ToolbarStandIns';
import type { ShownFilter } from './useListState';

export interface ListFiltersProps {
  filters: readonly ShownFilter[];
  query: ListQuery;
  onChange: (name: string, value: unknown) => void;
  /** Draws each filter's stand-in instead (its size and words, nothing live): the list's first paint. */
  standIns?: boolean;
}

function DateRangeControl({
  value,
  onChange,
}: {
  value?: DateRangeValue;
  onChange: (value?: DateRangeValue) => void;
}) {
  const range = useMemo<DateRange>(
    () => ({ from: value?.from ? dayjs(value.from) : null, to: value?.to ? dayjs(value.to) : null }),
    [value],
  );
  return (
    <DateRangeFilter
      value={range}
      onChange={({ from, to }) =>
        onChange(
          from || to
            ? { ...(from ? { from: formatApiDate(from) } : {}), ...(to ? { to: formatApiDate(to) } : {}) }
            : undefined,
        )
      }
    />
  );
}

/** The list's filters, each drawn by its kind: a multi-select (ids, enum), yes / no, or a date range. */
export function ListFilters({ filters, query, onChange, standIns = false }: ListFiltersProps) {
  return (
    <>
      {filters.map(({ name, filter, choices }) => {
        const value = query.filters[name];
        switch (filter.kind) {
          case 'dateRange':
            return standIns ? (
              <DateRangeStandIn key={name} value={value as DateRangeValue | undefined} />
            ) : (
              <DateRangeControl
                key={name}
                value={value as DateRangeValue | undefined}
                onChange={(next) => onChange(name, next)}
              />
            );
          case 'boolean':
            return standIns ? (
              <BooleanStandIn key={name} label={filter.label} value={value as boolean | undefined} />
            ) : (
              <BooleanFilter
                key={name}
                label={filter.label}
                value={value as boolean | undefined}
                onChange={(next) => onChange(name, next)}
              />
            );
          default:
            return standIns ? (
              <OptionsStandIn
                key={name}
                label={filter.label}
                options={choices}
                selected={(value as EnumValue[] | undefined) ?? []}
              />
            ) : (
              <OptionsFilter
                key={name}
                label={filter.label}
                options={choices}
                selected={(value as EnumValue[] | undefined) ?? []}
                onChange={(next) => onChange(name, next)}
              />
            );
        }
      })}
    </>
  );
}
