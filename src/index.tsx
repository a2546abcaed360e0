import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { makeStore } from '../store';
import { runtimeEnv } from '../store/runtimeEnv';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { en } from './shared/messages';

document.title = runtimeEnv().APP_NAME || en.appName;

const store = makeStore();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
