import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
// IndexedDB for the forms' local drafts (jsdom has none).
import 'fake-indexeddb/auto';

// jsdom has no fetch API and no TextEncoder/TextDecoder. RTK Query's fetchBaseQuery needs `fetch`,
// `Request`, `Response` and `Headers`; react-router needs TextEncoder and `Request` as soon as it is
// imported. This file runs before each test file's imports, so borrowing Node's own (undici) from
// the main realm here is early enough. Tests replace `fetch` with test/fakeNetwork.ts. IndexedDB
// (fake-indexeddb in the tests of drafts) copies values with `structuredClone`, which jsdom lacks too.
import { runInThisContext } from 'node:vm';

const nodeGlobal = runInThisContext('globalThis') as typeof globalThis;
for (const name of [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
] as const) {
  if (typeof (globalThis as Record<string, unknown>)[name] === 'undefined')
    Object.defineProperty(globalThis, name, {
      value: nodeGlobal[name],
      writable: true,
      configurable: true,
    });
}

// findBy*/waitFor give up after 1 s by default: a fixed budget a busy machine misses while the
// DataGrid or a Formik form renders. They wait up to the test's own (generous) timeout instead.
configure({ asyncUtilTimeout: 60_000 });
