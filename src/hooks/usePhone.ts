import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the screen is phone-sized: narrower than the theme's `sm` breakpoint (600 px). Lists
 * show cards and fold their filters there. Read on the first render (`noSsr`), so a phone never
 * draws the desktop grid first.
 */
export const usePhone = (): boolean =>
  useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
