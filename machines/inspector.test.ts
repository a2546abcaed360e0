import type { InspectionEvent } from 'xstate';
import { flush } from '../test/async';

const ENV_KEYS = ['XSTATE_INSPECT', 'NODE_ENV'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  jest.resetModules();
});

function loadInspector(env: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const key of ENV_KEYS) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  let loaded: typeof import('./inspector') | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof import('./inspector')>('./inspector');
  });
  if (!loaded) throw new Error('inspector did not load');
  return loaded;
}

describe('inspector', () => {
  it('is off unless XSTATE_INSPECT is true', () => {
    const { inspectorEnabled, inspectOptions } = loadInspector({ NODE_ENV: 'development' });
    expect(inspectorEnabled).toBe(false);
    expect(inspectOptions()).toEqual({});
  });

  it('is off in production even with XSTATE_INSPECT=true', () => {
    const { inspectorEnabled } = loadInspector({ XSTATE_INSPECT: 'true', NODE_ENV: 'production' });
    expect(inspectorEnabled).toBe(false);
  });

  it('buffers events until the lazily loaded inspector is ready, then forwards them', async () => {
    const received: InspectionEvent[] = [];
    jest.doMock('@statelyai/inspect', () => ({
      createBrowserInspector: () => ({ inspect: { next: (event: InspectionEvent) => received.push(event) } }),
    }));
    const { inspectorEnabled, inspectOptions } = loadInspector({
      XSTATE_INSPECT: 'true',
      NODE_ENV: 'development',
    });
    expect(inspectorEnabled).toBe(true);
    const { inspect } = inspectOptions();
    const first = { type: '@xstate.actor' } as InspectionEvent;
    const second = { type: '@xstate.event' } as InspectionEvent;
    inspect?.(first);
    expect(received).toEqual([]);
    await flush();
    expect(received).toEqual([first]);
    inspect?.(second);
    expect(received).toEqual([first, second]);
  });
});
