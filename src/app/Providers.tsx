import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../../store';
import { AuthProvider } from '../auth/AuthProvider';
import { Toaster } from '../components/feedback/Toaster';
import { AppThemeProvider } from './AppThemeProvider';

export interface ProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Everything the screens rely on: the store, the one auth actor, the user's theme and the toasts. */
export function Providers({ store, children }: ProvidersProps) {
  return (
    <Provider store={store}>
      <AuthProvider store={store}>
        <AppThemeProvider>
          {children}
          <Toaster />
        </AppThemeProvider>
      </AuthProvider>
    </Provider>
  );
}
