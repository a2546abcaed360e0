import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { COMPANY_LABELS, TIME_ZONE_HELP } from '../../shared/resources/company';
import { timeZoneNames } from '../../shared/zonedDays';
import { useFormField } from '../../components/form/useFormField';

export interface TimeZoneFieldProps {
  disabled?: boolean;
}

/**
 * Setting › Company › Time zone (issue 36): the IANA zones this browser knows, searchable by typing
 * (Autocomplete); the stored one stays offered even when the browser does not list it. Bound to
 * the Formik field `time_zone` as a string ('' for none: the server's own zone is saved).
 */
export function TimeZoneField({ disabled }: TimeZoneFieldProps) {
  const name = 'time_zone';
  const { setFieldValue, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  const bound = useFormField(name, undefined, TIME_ZONE_HELP);
  const value = typeof bound.value === 'string' && bound.value ? bound.value : null;
  const options = useMemo(() => {
    const names = timeZoneNames();
    return value && !names.includes(value) ? [value, ...names] : names;
  }, [value]);
  return (
    <Autocomplete
      id={bound.id}
      options={options}
      value={value}
      disabled={disabled}
      autoHighlight
      onChange={(_event, next) => void setFieldValue(name, next ?? '')}
      onBlur={() => void setFieldTouched(name, true)}
      data-field={name}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={COMPANY_LABELS.time_zone}
          error={bound.error}
          helperText={bound.helperText}
        />
      )}
    />
  );
}
