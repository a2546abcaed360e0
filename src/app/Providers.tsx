import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { AppStore } from '../../store';
import { AuthProvider } from '../auth/AuthProvider';
import { Toaster } from '../components/feedback/Toaster';
import { theme } from './theme';
import { VersionCheck } from './VersionCheck';

// What @mui/material's ThemeProvider renders for a theme without CSS variables (`vars: null` marks
// it so); importing that provider would also bring its CSS-variables provider into every first load.
const noVarsTheme = { ...theme, vars: null };

export interface ProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Everything the screens rely on: the store, the theme, the one auth actor, the toasts and the version check. */
export function Providers({ store, children }: ProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={noVarsTheme}>
        <CssBaseline />
        <AuthProvider store={store}>
          {children}
          <Toaster />
          <VersionCheck />
        </AuthProvider>
      </ThemeProvider>
    </Provider>
  );
}
