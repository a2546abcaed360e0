import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { once } from 'node:events';
import http from 'node:http';
import { EXPORT_CHUNK } from '../crud/list';
import { registerResource } from '../crud/register';
import type { AnyResource, Declaration } from '../crud/resource';
import { productsServer } from '../resources/products';
import { insertPumps } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

// The batch path (rows read and mapped, no COPY: on PostgreSQL the products route writes its CSV by
// COPY, whose abandonment export-copy.postgres.test.ts covers), registered again under /batched.
const resource = { ...productsServer, cellsSql: undefined } as unknown as AnyResource;
// Five batches: an export that went on after the client left would read and map them all.
const ROWS = EXPORT_CHUNK * 5;

describe('an export the client abandons', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: async (app) => {
          await app.register(
            async (batched) => registerResource(batched, resource as unknown as Declaration),
            {
              prefix: '/batched',
            },
          );
        },
      },
    );
    admin = await adminToken(t.app);
    await insertPumps(t, admin, ROWS);
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it.each(['identity', 'gzip'])(
    'stops reading batches once the client disconnects (%s)',
    async (encoding) => {
      const toItems = resource.toItems.bind(resource);
      const selects = jest.spyOn(resource, 'select');
      const mapped = jest.spyOn(resource, 'toItems');
      // The second batch waits until the client has gone, so the export is surely mid-way then.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const second = new Promise<void>((resolve) => (entered = resolve));
      mapped.mockImplementation(async (...args: Parameters<typeof toItems>) => {
        if (mapped.mock.calls.length === 2) {
          entered();
          await gate;
        }
        return toItems(...args);
      });

      // A raw request: its first chunk read, then the socket is destroyed, as a closed tab does.
      const request = http.get(`${base}/batched/api/products/export?format=csv`, {
        headers: { ...authHeader(admin), 'accept-encoding': encoding },
      });
      request.on('error', () => undefined);
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      response.on('error', () => undefined);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(ROWS));
      await once(response, 'data');
      await second;
      const socket = sockets[sockets.length - 1];
      request.destroy();
      // (The server's socket may see ECONNRESET first: only its close is waited for.)
      if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      release();

      // Batch 2 was being mapped (the read-ahead of batch 3 was sent with it); then nothing more.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mapped.mock.calls.length).toBe(2);
      expect(selects.mock.calls.length).toBeLessThanOrEqual(3);
    },
  );

  it('announces the rows it will write', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/export?format=csv&search=pump-1',
      headers: authHeader(admin),
    });
    expect(response.statusCode).toBe(200);
    // pump-1, pump-10…19, pump-100…199, pump-1000…1999
    expect(response.headers['x-total-count']).toBe('1111');
    expect(response.headers['x-total-estimated']).toBeUndefined();
  });
});
