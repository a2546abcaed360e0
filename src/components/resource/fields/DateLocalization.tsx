import type { ReactNode } from 'react';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

/**
 * The pickers' placeholder is the format's own tokens: an empty field reads "DD MMM YYYY", the
 * spec's display format (issue #41). MUI's English text writes every month name as "MMMM".
 */
const localeText: Partial<PickersLocaleText> = {
  fieldMonthPlaceholder: ({ format }) => format,
};

/** Dayjs and the placeholder above for every date picker (forms and list filters). */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
