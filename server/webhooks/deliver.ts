import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * One HTTP POST of a webhook delivery to a URL staff typed in, made safe to send from inside the
 * company's network (SSRF): the host name is resolved at delivery time and every address it
 * resolves to is checked (a name that also points at 10.0.0.1 is refused: DNS rebinding), the
 * connection goes to the checked address (the name is not resolved a second time), redirects are
 * not followed (a 3xx is the endpoint's answer, a failure), the whole exchange has a time-out and
 * only the first bytes of the answer are read.
 */

/** Address ranges (ipaddr.js names) a delivery may reach: the public internet only. */
const PUBLIC_RANGE = 'unicast';

export interface TargetPolicy {
  /** Loopback targets allowed (tests and development: `WEBHOOK_ALLOW_LOOPBACK`). */
  allowLoopback: boolean;
}

export class TargetRefused extends Error {}

/** Why `address` may not be a webhook's target, or null when it may. */
export function refusedAddress(address: string, policy: TargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an address`;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === PUBLIC_RANGE) return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${address} is a ${range} address`;
}

/** The URL's shape: http(s), no credentials; else why not. */
export function refusedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'only http and https URLs';
  if (parsed.username || parsed.password) return 'no user name or password in the URL';
  return null;
}

/**
 * `lookup` for the request: every address of the name, each checked; the connection is made to
 * the first, so the address checked is the address reached.
 */
function checkedLookup(policy: TargetPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!addresses.length) return callback(new TargetRefused(`${hostname} has no address`), '', 0);
      for (const { address } of addresses) {
        const why = refusedAddress(address, policy);
        if (why) return callback(new TargetRefused(`${hostname}: ${why}`), '', 0);
      }
      const wantAll = (options as { all?: boolean }).all;
      if (wantAll)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [addresses[0]]);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface PostOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Bytes of the answer kept (the rest is not read). */
  maxResponseBytes: number;
  policy: TargetPolicy;
}

export interface PostResult {
  /** The answer's status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  /** The answer's first bytes (UTF-8), or why there was none. */
  excerpt: string;
  /** Set when no answer came: the reason, for the delivery log. */
  error?: string;
  durationMs: number;
}

/** POSTs once; never throws (a refusal or failure is a result without a status). */
export async function postOnce(options: PostOptions): Promise<PostResult> {
  const started = Date.now();
  const done = (result: Omit<PostResult, 'durationMs'>): PostResult => ({
    ...result,
    durationMs: Date.now() - started,
  });
  const why = refusedUrl(options.url);
  if (why) return done({ status: null, excerpt: '', error: `refused: ${why}` });
  const url = new URL(options.url);
  // A literal address is checked as it is (no lookup happens for one).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const refused = refusedAddress(host, options.policy);
    if (refused) return done({ status: null, excerpt: '', error: `refused: ${refused}` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(result));
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
        lookup: checkedLookup(options.policy),
        // A fresh connection per delivery: a kept-alive socket would skip the address check.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () =>
          finish({
            status: response.statusCode ?? null,
            excerpt: Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString('utf8'),
          });
        response.on('data', (chunk: Buffer) => {
          if (size < options.maxResponseBytes) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large (or endless) answer is never taken in.
          if (size >= options.maxResponseBytes) end();
        });
        response.on('end', end);
        response.on('error', (error) =>
          finish({ status: response.statusCode ?? null, excerpt: '', error: error.message }),
        );
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, excerpt: '', error: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    request.on('error', (error) =>
      finish({
        status: null,
        excerpt: '',
        error: error instanceof TargetRefused ? `refused: ${error.message}` : error.message,
      }),
    );
    request.end(options.body);
  });
}
