import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { Relay } from './network';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3');

describe('Redis going away and coming back', () => {
  const relay = new Relay(REDIS.hostname, Number(REDIS.port || 6379));
  const lines: { msg: string; redis?: string }[] = [];
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    await relay.up();
    const base = loadConfig({});
    t = await buildTestApp(
      {
        redisUrl: relay.through(REDIS.toString()),
        redisPrefix: `h34q-test-${randomBytes(4).toString('hex')}:`,
        logLevel: 'info',
        rateLimit: { ...base.rateLimit, forgotPerIp: { max: 2, windowMs: 60_000 } },
      },
      {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
            done();
          },
        }),
      },
    );
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await relay.down().catch(() => undefined);
  });

  const ready = () => t.app.inject({ method: 'GET', url: API_PATHS.ready });
  const said = (text: string, redis: string) =>
    lines.some((line) => line.msg.includes(text) && line.redis === redis);
  const until = async (check: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not reached in a minute');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('keeps answering while Redis is away, says so in the log, and is not ready', async () => {
    await until(async () => (await ready()).statusCode === 200);
    expect((await ready()).json().checks.redis).toBe('ok');

    await relay.down();
    await until(() => said('Redis unreachable', 'commands') && said('Redis unreachable', 'sessions'));
    expect(
      lines.find((line) => line.redis === 'sessions' && line.msg.includes('unreachable'))?.msg,
    ).toContain('reach the other instances within AUTH_CACHE_MS');

    // Reads and writes go on: the sign-in cache falls back to its short life, limits to this instance.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products', headers: authHeader(admin) })).statusCode,
    ).toBe(200);
    const token = await adminToken(t.app);
    const out = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: authHeader(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect(lines.some((line) => line.msg.startsWith('session change not published'))).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(token) })).statusCode,
    ).toBe(401);

    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toMatchObject({ redis: 'error', database: 'ok' });
  });

  it('still limits while Redis is away, counting on this instance', async () => {
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.passwordForgot,
        payload: { email: 'nobody@example.com' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    const refused = await forgot();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('says when Redis is back, and is ready again', async () => {
    await relay.up();
    await until(() => said('Redis is back', 'commands') && said('Redis is back', 'sessions'));
    await until(async () => (await ready()).statusCode === 200);
  });
});
