import { RUNTIME_ENV_GLOBAL } from '../src/shared/env';

/**
 * The network edge for UI tests: `fetch` replaced by a small router keyed 'METHOD /path', so the real
 * store, base query and endpoints run and only the server is faked. Test-only; the app never
 * imports it.
 */

export const TEST_HOST = 'http://api.test';

/** One request the fake network saw. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, `?` included ('' when none). */
  search: string;
  authorization: string | null;
  /** JSON parsed; other text as text; multipart as 'multipart'; no body as undefined. */
  body: unknown;
}

export interface Reply {
  /** 200 unless given. */
  status?: number;
  body?: unknown;
  /** Beside `content-type: application/json`. */
  headers?: Record<string, string>;
}

/** A fixed reply, or a handler that may wait (to hold a request open) before replying. */
export type Route = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

export interface FakeNetwork {
  /** Every request seen, in order. */
  requests: RecordedRequest[];
  /** Sets or replaces the route for 'METHOD /path'. */
  route: (key: string, route: Route) => void;
  /** The requests to one path, in order. */
  requestsTo: (path: string) => RecordedRequest[];
}

const NOT_FOUND: Reply = { status: 404, body: { message: 'Not Found' } };

async function readBody(request: Request): Promise<unknown> {
  // jsdom's File cannot be streamed by Node's fetch (`text()` never settles), so multipart bodies
  // are noted, not read.
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return 'multipart';
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Installs the fake `fetch` with `routes` ('METHOD /path' → reply; anything else answers 404) and
 * the runtime env the base query reads. Call it in each test (or `beforeEach`).
 */
export function fakeNetwork(routes: Record<string, Route> = {}): FakeNetwork {
  const table = { ...routes };
  const requests: RecordedRequest[] = [];
  window[RUNTIME_ENV_GLOBAL] = { AUTH_HOST: TEST_HOST, CLIENT_ID: 'spa', CLIENT_SECRET: 'shh' };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      search: new URL(request.url).search,
      authorization: request.headers.get('authorization'),
      body: await readBody(request),
    };
    requests.push(recorded);
    const route = table[`${recorded.method} ${recorded.path}`] ?? NOT_FOUND;
    const reply = typeof route === 'function' ? await route(recorded) : route;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return {
    requests,
    route: (key, route) => {
      table[key] = route;
    },
    requestsTo: (path) => requests.filter((request) => request.path === path),
  };
}
