import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { makeStore } from '../store';
import { accountApi } from '../store/accountApi';
import { prefetchQuietly } from '../store/api';
import { isExpired, readSession } from '../store/session';
import { runtimeEnv } from '../store/runtimeEnv';
import { Providers } from './app/Providers';
import { prefetchRowsAt, provideRouteStore } from './app/listPrefetch';
import { createAppRouter } from './app/router';
import { en } from './shared/messages';
import { setPasswordMinLength } from './shared/limits';

const env = runtimeEnv();
document.title = env.APP_NAME || en.appName;
// The forms check the password length the server was configured with.
setPasswordMinLength(env.PASSWORD_MIN_LENGTH);

const store = makeStore();
// With a valid stored session the account is asked for now, not after the first render, beside
// the first chunks (issue #15); the auth actor's start takes this answer.
const earlyAccount = isExpired(readSession(), Date.now())
  ? undefined
  : prefetchQuietly(store.dispatch, accountApi.endpoints.getAccount, undefined).unwrap();
earlyAccount?.catch(() => undefined);
// A list route asks for its rows while its screen's chunks load (issue #15).
provideRouteStore(store);
prefetchRowsAt(window.location.href);
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers store={store} earlyAccount={earlyAccount}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
