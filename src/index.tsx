import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { makeStore } from '../store';
import { runtimeEnv } from '../store/runtimeEnv';
import { Providers } from './app/Providers';
import { prefetchRowsAt, provideRouteStore } from './app/listPrefetch';
import { createAppRouter } from './app/router';
import { en } from './shared/messages';
import { setOrganisationNames, setPasswordMinLength } from './shared/limits';

const env = runtimeEnv();
document.title = env.APP_NAME || en.appName;
// The forms check the password length the server was configured with.
setPasswordMinLength(env.PASSWORD_MIN_LENGTH);
// …and refuse a password holding the product's name (the server also knows the company's).
setOrganisationNames([env.APP_NAME || en.appName]);

const store = makeStore();
// A list route asks for its rows while its screen's chunks load (issue #15).
provideRouteStore(store);
prefetchRowsAt(window.location.href);
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
