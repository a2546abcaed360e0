import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../../store';
import { AuthProvider } from '../auth/AuthProvider';
import { Toaster } from '../components/feedback/Toaster';
import { AppThemeProvider } from './AppThemeProvider';
import { VersionCheck } from './VersionCheck';

export interface ProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/**
 * Everything the screens rely on: the store, the one auth actor, the user's theme, the toasts and
 * the version check.
 */
export function Providers({ store, children }: ProvidersProps) {
  return (
    <Provider store={store}>
      <AuthProvider store={store}>
        <AppThemeProvider>
          {children}
          <Toaster />
          <VersionCheck />
        </AppThemeProvider>
      </AuthProvider>
    </Provider>
  );
}
