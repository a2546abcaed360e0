import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PaletteMode } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { useAuth } from '../auth/AuthContext';
import { THEME_PREFERENCES, type ThemePreference } from '../shared/preferences';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { makeTheme } from './theme';

const storedPreference = (): ThemePreference | null => {
  const value = localStorage.getItem(STORAGE_KEYS.theme);
  return (THEME_PREFERENCES as readonly string[]).includes(value ?? '') ? (value as ThemePreference) : null;
};

/** Light or dark for a preference, given whether the system asks for dark. */
export const paletteMode = (preference: ThemePreference, systemDark: boolean): PaletteMode =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

export interface AppThemeProviderProps {
  children: ReactNode;
}

/**
 * The theme the signed-in user chose (kept on the server with their account), following the system
 * for 'system'. Before the account has loaded, and for guests, the last choice made in this browser
 * is used, else the system's.
 */
export function AppThemeProvider({ children }: AppThemeProviderProps) {
  const { user } = useAuth();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const preference = user?.preferences?.theme ?? storedPreference() ?? 'system';
  const mode = paletteMode(preference, systemDark);
  // `vars: null` and @mui/system's provider: what @mui/material's ThemeProvider renders for a theme
  // without CSS variables. Importing that provider would also bring its CSS-variables provider into
  // every first load (bench/bundle-size.ts).
  const theme = useMemo(() => ({ ...makeTheme(mode), vars: null }), [mode]);

  useEffect(() => {
    if (user?.preferences) localStorage.setItem(STORAGE_KEYS.theme, user.preferences.theme);
  }, [user?.preferences]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
