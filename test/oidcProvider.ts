import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Starts test/oidcProviderProcess.mjs (a real OpenID Connect provider, `oidc-provider`, on loopback) as a
 * process of its own and drives its development login and consent pages over HTTP, for the API
 * tests; the browser journey uses the same provider through its pages.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export interface ProviderAccount {
  email?: string;
  email_verified?: unknown;
  name?: string;
}

export async function startOidcProvider(options: {
  redirectUri: string;
  accounts?: Record<string, ProviderAccount>;
}): Promise<TestProvider> {
  const clientId = 'company-admin';
  const clientSecret = 'provider-test-secret-of-the-product';
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidcProviderProcess.mjs')], {
    env: {
      ...process.env,
      OIDC_TEST_CONFIG: JSON.stringify({ clientId, clientSecret, ...options }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the test provider exited (${code})`)));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A browser's cookies for one host, as simple as the provider needs. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the authorization URL through the provider's login page (as `login`) and consent page,
 * as a browser would, up to the redirect to `redirectUri`: that address (with code, state, iss) is
 * returned, not requested.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.store(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt)
      throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
