import { createTheme } from '@mui/material/styles';

/** The admin's look: calm neutrals, one blue accent, compact controls. Overrides live here, not in sx. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f5fbf', dark: '#174a96', light: '#4c80d0', contrastText: '#ffffff' },
    secondary: { main: '#5b6b7f' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#5b6675' },
    divider: '#e3e7ed',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '0.9375rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: theme.palette.background.paper,
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
        paper: ({ theme }) => ({ borderRight: `1px solid ${theme.palette.divider}` }),
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 6,
          margin: theme.spacing(0.25, 1),
          '&.Mui-selected': {
            backgroundColor: theme.palette.primary.main + '14',
            color: theme.palette.primary.main,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
          },
          '&.Mui-selected:hover': { backgroundColor: theme.palette.primary.main + '1f' },
        }),
      },
    },
    MuiListItemIcon: {
      styleOverrides: { root: { minWidth: 36 } },
    },
    MuiTextField: {
      defaultProps: { size: 'small', fullWidth: true },
    },
    MuiAlert: {
      styleOverrides: { root: { alignItems: 'center' } },
    },
    MuiBreadcrumbs: {
      styleOverrides: { root: { fontSize: '0.875rem' } },
    },
  },
});
