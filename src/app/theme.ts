import { createTheme, type PaletteMode, type Theme, type ThemeOptions } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

/**
 * The admin's look: calm neutrals, one blue accent, compact controls, in a light and a dark mode.
 * Overrides live here, not in sx. Every text colour meets WCAG 2.2 AA (4.5:1) on the surfaces it is
 * drawn on, in both modes (theme.test.ts checks it), and every interactive element shows a focus ring
 * when reached by keyboard.
 */

const palettes = {
  light: {
    mode: 'light',
    primary: { main: '#1f5fbf', dark: '#174a96', light: '#4c80d0', contrastText: '#ffffff' },
    secondary: { main: '#5b6b7f', contrastText: '#ffffff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#556070', disabled: '#646c78' },
    divider: '#e3e7ed',
    error: { main: '#c62828' },
    success: { main: '#2e7d32' },
    // MUI's orange (#ed6c02) is 3.1:1 on white: warnings written in it (an upload's "smaller than
    // recommended") were hard to read. This amber keeps the hue at 4.5:1 or more, as text and under white.
    warning: { main: '#a85200', contrastText: '#ffffff' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#8ab4f8', dark: '#5e92e6', light: '#b3cefb', contrastText: '#0b1a33' },
    secondary: { main: '#a9b4c2', contrastText: '#0f141a' },
    background: { default: '#0f141a', paper: '#171d25' },
    text: { primary: '#e7ebf0', secondary: '#aab4c2', disabled: '#8a94a3' },
    divider: '#2b3440',
    error: { main: '#f28b82' },
    success: { main: '#81c995' },
    warning: { main: '#fdd663', contrastText: '#0f141a' },
    info: { main: '#8ab4f8' },
  },
} as const;

/** The keyboard focus ring: a solid line outside the element, in the accent colour (3:1 on any surface). */
const focusRing = (theme: Theme) => ({
  outline: `3px solid ${theme.palette.primary.main}`,
  outlineOffset: 2,
});

const TYPOGRAPHY: ThemeOptions['typography'] = {
  fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSize: 14,
  h1: { fontSize: '1.75rem', fontWeight: 600 },
  h2: { fontSize: '1.5rem', fontWeight: 600 },
  h3: { fontSize: '1.25rem', fontWeight: 600 },
  h4: { fontSize: '1.125rem', fontWeight: 600 },
  h5: { fontSize: '1rem', fontWeight: 600 },
  h6: { fontSize: '0.9375rem', fontWeight: 600 },
  button: { textTransform: 'none', fontWeight: 600 },
};

/** The components' defaults and styles: focus rings, quiet surfaces, a keyboard-usable grid. */
const COMPONENTS: ThemeOptions['components'] = {
  MuiCssBaseline: {
    styleOverrides: (theme: Theme) => ({
      body: { WebkitFontSmoothing: 'antialiased', colorScheme: theme.palette.mode },
      // Every element reached by keyboard shows where it is (WCAG 2.4.7, 2.4.13's spirit).
      ':focus-visible': focusRing(theme),
      // Text fields draw their own focused border; the editor's frame is outlined by its toolbar box.
      '.MuiInputBase-input:focus-visible, iframe:focus-visible': { outline: 'none' },
      // A heading focused after navigation is a landmark for screen readers, not a control.
      'h1[tabindex="-1"]:focus': { outline: 'none' },
    }),
  },
  MuiButtonBase: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.palette.background.paper,
        backgroundImage: 'none',
        borderBottom: `1px solid ${theme.palette.divider}`,
      }),
    },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { borderRadius: 6 } },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
  },
  MuiPaper: {
    styleOverrides: { outlined: ({ theme }) => ({ borderColor: theme.palette.divider }) },
  },
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({
        borderRight: `1px solid ${theme.palette.divider}`,
        backgroundImage: 'none',
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 6,
        margin: theme.spacing(0.25, 1),
        '&.Mui-selected': {
          backgroundColor: theme.palette.primary.main + '1f',
          color: theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light,
          '& .MuiListItemIcon-root': { color: 'inherit' },
        },
        '&.Mui-selected:hover': { backgroundColor: theme.palette.primary.main + '29' },
      }),
    },
  },
  MuiListItemIcon: {
    styleOverrides: { root: { minWidth: 36 } },
  },
  MuiTextField: {
    defaultProps: { size: 'small', fullWidth: true },
  },
  // A read-only form (a disabled fieldset) stays readable: its hints keep the secondary colour.
  MuiFormHelperText: {
    styleOverrides: {
      root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
    },
  },
  MuiAlert: {
    styleOverrides: { root: { alignItems: 'center' } },
  },
  MuiBreadcrumbs: {
    styleOverrides: { root: { fontSize: '0.875rem' } },
  },
  MuiDataGrid: {
    defaultProps: {
      // Enter on a focused cell does what a click on its row does (opens the record), so a list
      // that opens rows on click is usable by keyboard. Controls inside a cell keep their own keys.
      onCellKeyDown: (_params, event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          (event.currentTarget as HTMLElement).click();
        }
      },
    },
    styleOverrides: {
      // The grid draws its own cell focus inside the cell; the page-wide ring would be clipped.
      root: ({ theme }) => ({
        '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        },
      }),
    },
  },
};

export function makeTheme(mode: PaletteMode): Theme {
  return createTheme({
    palette: palettes[mode],
    shape: { borderRadius: 8 },
    typography: TYPOGRAPHY,
    components: COMPONENTS,
  });
}

/** The light theme (tests render with it). */
export const theme = makeTheme('light');
