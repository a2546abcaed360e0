import sharp from 'sharp';
import { en } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig, parseTrustProxy, type Config } from '../config';
import { createTestUser, multipart } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  tokenRequest,
  type TestApp,
} from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const base = loadConfig({}).rateLimit;
const minute = 60_000;

const forgot = (t: TestApp, email: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.passwordForgot,
    payload: { email },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

function expectLimited(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
}

describe('client addresses (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default: a client naming a new address each time is still limited', async () => {
    const t = await buildTestApp({ rateLimit: { ...base, forgotPerIp: { max: 3, windowMs: minute } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await forgot(t, 'x@example.com', `203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expectLimited(await forgot(t, 'x@example.com', '198.51.100.1'));
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a configured proxy only, so each client has its own limit', async () => {
    const t = await buildTestApp({
      trustProxy: ['127.0.0.1'],
      rateLimit: { ...base, forgotPerIp: { max: 2, windowMs: minute } },
    });
    try {
      for (const client of ['203.0.113.1', '203.0.113.2']) {
        expect((await forgot(t, 'x@example.com', client)).statusCode).toBe(200);
        expect((await forgot(t, 'x@example.com', client)).statusCode).toBe(200);
        expect((await forgot(t, 'x@example.com', client)).statusCode).toBe(429);
      }
      // The same header from a peer that is not the proxy is not believed: it is counted as the peer.
      const direct = (forwarded: string) =>
        t.app.inject({
          method: 'POST',
          url: API_PATHS.passwordForgot,
          payload: { email: 'x@example.com' },
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': forwarded },
        });
      expect((await direct('203.0.113.7')).statusCode).toBe(200);
      expect((await direct('203.0.113.8')).statusCode).toBe(200);
      expect((await direct('203.0.113.9')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('reads TRUST_PROXY as off, a hop count or a list of addresses and ranges, refusing anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback,::1')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3']) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('limits per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: {
        ...base,
        forgotPerIp: { max: 100, windowMs: minute },
        resetMailsPerAccount: { max: 3, windowMs: 60 * minute },
        apiPerUser: { max: 5, windowMs: minute },
        uploadsPerUser: { max: 2, windowMs: minute },
      },
    });
  });
  afterAll(() => t.close());

  it('sends one account at most its hourly share of reset mails, from any number of addresses, still answering 200', async () => {
    const user = await createTestUser(t.app);
    const before = (await t.mails()).length;
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.passwordForgot,
        payload: { email: user.email },
        remoteAddress: `198.51.100.${i}`,
      });
      expect(response.json()).toEqual({ message: en.forgotPasswordSuccess });
    }
    expect((await t.mails()).length - before).toBe(3);
  });

  it('limits one signed-in user on the API as a whole, not their colleagues', async () => {
    const user = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const mine = (await login(t.app, user.email, user.password)).access_token;
    const theirs = (await login(t.app, other.email, other.password)).access_token;
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(token) });
    for (let i = 0; i < 5; i++) expect((await get(mine)).statusCode).toBe(200);
    expectLimited(await get(mine));
    expect((await get(theirs)).statusCode).toBe(200);
  });

  it('limits uploads per user', async () => {
    const token = await adminToken(t.app);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = () => {
      const { payload, headers } = multipart([
        { name: 'file', value: png, filename: 'a.png', type: 'image/png' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: API_PATHS.uploads,
        payload,
        headers: { ...headers, ...authHeader(token) },
      });
    };
    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(201);
    expectLimited(await upload());
  });
});

describe('every 429 says when to retry', () => {
  it('on sign-in per address and per account', async () => {
    const config: Partial<Config> = {
      rateLimit: {
        ...base,
        tokenPerIp: { max: 3, windowMs: minute },
        tokenFailuresPerUsername: { max: 1, windowMs: minute },
      },
    };
    const t = await buildTestApp(config);
    try {
      const grant = (password: string) =>
        t.app.inject(tokenRequest({ grant_type: 'password', username: TEST_ADMIN.email, password }));
      expect((await grant('wrong')).statusCode).toBe(400);
      expectLimited(await grant(TEST_ADMIN.password));
      await grant('x');
      expectLimited(await grant('y'));
    } finally {
      await t.close();
    }
  });
});
