/**
 * Load and faults, measured: `--sessions` (50) signed-in staff, each its own user, working at once
 * for `--seconds` (600) — plain and filtered lists, details, updates, creates, small exports and
 * imports, files — beside the website's public reads and contact messages, against a setup of
 * bench/cluster/setup.ts:
 *
 *   - `pglite`: one compiled instance on PGlite, files on local disk;
 *   - `postgres`: one instance on PostgreSQL (a server of the bench's own), files on local disk;
 *   - `cluster`: two instances behind nginx on PostgreSQL, Redis and an S3-compatible store. During
 *     this run the bench injects, at 20 %, 40 %, 60 % and 80 % of the time: a PostgreSQL restart,
 *     Redis stopped for `--fault-seconds` (30), the file store stopped as long, and one instance
 *     killed with -9 (it stays dead).
 *
 *   npm run build && npx tsx bench/soak.ts [--setups pglite,postgres,cluster] [--sessions 50]
 *     [--seconds 600] [--think-ms 1000] [--fault-seconds 30] [--products 5000]
 *
 * Prints, per setup, p50/p95/p99 per kind of request outside the fault windows, every status seen,
 * each fault's window (statuses, slowest answer), the instances' RSS at the start and the end, and
 * then checks that every acknowledged write is there. Exits 1 only when the product misbehaved: a
 * 500, an answer that hung past `--hang-ms` (15 000), or an acknowledged write lost; latency
 * figures are reported, never judged (the machine is shared). CI runs a short one (.ci/run).
 */
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { PAGE_SIZES } from '../src/shared/limits';
import { API_PATHS, PUBLIC_API, publicPath } from '../src/shared/routes';
import { loadCatalog, type BenchApp } from './catalog-data';
import { signIn, startCluster, type Cluster, CLUSTER_CLIENT } from './cluster/setup';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({
  options: {
    setups: { type: 'string', default: 'pglite,postgres,cluster' },
    sessions: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '600' },
    'think-ms': { type: 'string', default: '1000' },
    'fault-seconds': { type: 'string', default: '30' },
    'hang-ms': { type: 'string', default: '15000' },
    products: { type: 'string', default: '5000' },
  },
});
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const THINK_MS = Number(values['think-ms']);
const FAULT_SECONDS = Number(values['fault-seconds']);
const HANG_MS = Number(values['hang-ms']);
const PRODUCTS = Number(values.products);
const USER_PASSWORD = 'Quartz-Meadow-Lantern-42';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Kind =
  | 'list'
  | 'list-filtered'
  | 'detail'
  | 'update'
  | 'create'
  | 'export'
  | 'import'
  | 'file'
  | 'public-read'
  | 'contact';
const WRITES = new Set<Kind>(['update', 'create', 'import', 'contact']);
/** How often each kind comes up in a staff member's (or the website's) next request. */
const MIX: [Kind, number][] = [
  ['list', 22],
  ['list-filtered', 14],
  ['detail', 18],
  ['update', 8],
  ['create', 5],
  ['export', 2],
  ['import', 1],
  ['file', 5],
  ['public-read', 20],
  ['contact', 5],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
function pick(): Kind {
  let roll = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return 'list';
}

interface Sample {
  kind: Kind;
  status: number; // 0: no answer (connection refused or reset); -1: hung past HANG_MS
  ms: number;
  at: number;
}

interface Fault {
  name: string;
  from: number;
  to: number;
}

/** One request, timed; never throws. */
async function timed(
  kind: Kind,
  samples: Sample[],
  url: string,
  init: RequestInit = {},
): Promise<Response | null> {
  const at = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    // The body read is part of the answer's time (an export streams).
    const body = await response.arrayBuffer();
    samples.push({ kind, status: response.status, ms: Date.now() - at, at });
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    const hung = error instanceof Error && error.name === 'TimeoutError';
    samples.push({ kind, status: hung ? -1 : 0, ms: Date.now() - at, at });
    return null;
  }
}

interface Acknowledged {
  categories: number[];
  contacts: number;
  tag: string;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function adminRequest<T>(
  base: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The staff accounts (one per session), a picture to read back, and each session's own brand. */
async function prepareStaff(cluster: Cluster) {
  const { access_token: admin } = await signIn(cluster.url);
  const roles = await adminRequest<{ data: { id: number; name: string }[] }>(
    cluster.url,
    admin,
    '/api/roles?search=Super%20Admin',
  );
  const roleId = roles.data[0].id;
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5a8f29' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([picture], { type: 'image/jpeg' }), 'soak.jpg');
  const upload = await fetch(`${cluster.url}${API_PATHS.uploads}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const uploaded = (await upload.json()) as { data: { url: string } };
  const staff: { email: string; token: string; brandId: number }[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const email = `member${i}-${Date.now()}@example.com`;
    await adminRequest(cluster.url, admin, '/api/users', {
      ...json({
        name: `Staff Member ${i}`,
        email,
        role_id: roleId,
        status: 1,
        password: USER_PASSWORD,
        password_confirmation: USER_PASSWORD,
      }),
    });
    const token = await fetch(`${cluster.url}${API_PATHS.token}`, {
      ...json({
        grant_type: 'password',
        username: email,
        password: USER_PASSWORD,
        client_id: CLUSTER_CLIENT.clientId,
        client_secret: CLUSTER_CLIENT.clientSecret,
        scope: '*',
      }),
      // One address per staff member, as in an office behind one NAT they would not be; the
      // sign-in limit per address is not what this bench measures.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
    }).then(async (response) => {
      if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    });
    const brand = await adminRequest<{ data: { id: number } }>(cluster.url, token, '/api/brands', {
      ...json({ name: `Soak Brand ${i} ${Date.now()}`, status: 1 }),
    });
    staff.push({ email, token, brandId: brand.data.id });
  }
  return { staff, fileUrl: uploaded.data.url };
}

async function session(
  base: string,
  me: { token: string; brandId: number },
  index: number,
  fileUrl: string,
  until: number,
  samples: Sample[],
  ack: Acknowledged,
): Promise<void> {
  const auth = { authorization: `Bearer ${me.token}` };
  const visitor = { 'x-forwarded-for': `203.0.113.${(index % 250) + 1}` };
  let created = 0;
  // Spread the sessions' first requests over the first think time.
  await sleep(Math.random() * THINK_MS);
  while (Date.now() < until) {
    const kind = pick();
    switch (kind) {
      case 'list':
        await timed(
          kind,
          samples,
          `${base}/api/products?per_page=${PAGE_SIZES[1]}&page=${1 + Math.floor(Math.random() * 5)}`,
          {
            headers: auth,
          },
        );
        break;
      case 'list-filtered':
        await timed(
          kind,
          samples,
          `${base}/api/products?search=pump&status=1&sort=name&order=asc&per_page=${PAGE_SIZES[1]}`,
          {
            headers: auth,
          },
        );
        break;
      case 'detail':
        await timed(kind, samples, `${base}/api/products/${1 + Math.floor(Math.random() * PRODUCTS)}`, {
          headers: auth,
        });
        break;
      case 'update': {
        const read = await timed('detail', samples, `${base}/api/brands/${me.brandId}`, { headers: auth });
        if (read?.ok) {
          const { data } = (await read.json()) as {
            data: Record<string, unknown> & { logo?: { id: number } | null };
          };
          await timed(kind, samples, `${base}/api/brands/${me.brandId}`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({
              name: data.name,
              slug: data.slug,
              description: `Edited at ${new Date().toISOString()}`,
              status: data.status,
              logo: data.logo?.id ?? null,
              updated_at: data.updated_at,
            }),
          });
        }
        break;
      }
      case 'create': {
        const name = `${ack.tag} ${index}-${++created}`;
        const response = await timed(kind, samples, `${base}/api/categories`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name, status: 1 }),
        });
        if (response?.status === 201)
          ack.categories.push(((await response.json()) as { data: { id: number } }).data.id);
        break;
      }
      case 'export':
        await timed(kind, samples, `${base}/api/brands/export?format=csv&search=Soak`, { headers: auth });
        break;
      case 'import': {
        const form = new FormData();
        const rows = [1, 2, 3].map(
          (n) => `${ack.tag} Import ${index}-${created}-${n},,Imported by the soak,Active`,
        );
        form.append('file', new Blob([['Name,Slug,Description,Status', ...rows].join('\n')]), 'brands.csv');
        await timed(kind, samples, `${base}/api/brands/import?dry_run=true`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        break;
      }
      case 'file':
        await timed(kind, samples, `${base}${fileUrl}`, { headers: auth });
        break;
      case 'public-read':
        await timed(kind, samples, `${base}${publicPath('products')}?per_page=12`, { headers: visitor });
        break;
      case 'contact': {
        const response = await timed(kind, samples, `${base}${PUBLIC_API.contactForms}`, {
          method: 'POST',
          headers: { ...visitor, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Visitor ${index}`,
            email: `visitor${index}@example.org`,
            phone_number: '+44 20 7946 0000',
            subject: `${ack.tag} enquiry`,
            message: 'Do you ship the pumps abroad?',
            source: 'contact-page',
            website: '',
            started_at: Date.now() - 30_000,
          }),
        });
        if (response && response.status >= 200 && response.status < 300) ack.contacts++;
        break;
      }
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

function report(name: string, samples: Sample[], faults: Fault[], rss: string): string[] {
  const problems: string[] = [];
  const inFault = (sample: Sample) => faults.some((f) => sample.at >= f.from && sample.at <= f.to);
  const lines = [
    `\n## ${name}: ${samples.length} requests; RSS ${rss}`,
    'kind           n      p50    p95    p99   statuses (outside fault windows)',
  ];
  for (const [kind] of MIX) {
    const calm = samples.filter((s) => s.kind === kind && !inFault(s));
    const ms = calm.map((s) => s.ms).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const s of calm) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    const budget = WRITES.has(kind) ? 800 : 300;
    const p95 = percentile(ms, 95);
    lines.push(
      `${kind.padEnd(14)} ${String(calm.length).padStart(5)} ${String(percentile(ms, 50)).padStart(6)} ${String(p95).padStart(6)}${p95 > budget ? '!' : ' '}${String(percentile(ms, 99)).padStart(6)}   ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
  }
  lines.push(`('!': above the issue's p95 goal, reads 300 ms, writes 800 ms)`);
  for (const fault of faults) {
    const during = samples.filter((s) => s.at >= fault.from && s.at <= fault.to);
    const statuses = new Map<number, number>();
    for (const s of during) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    const slowest = Math.max(0, ...during.map((s) => s.ms));
    lines.push(
      `fault ${fault.name}: ${((fault.to - fault.from) / 1000).toFixed(0)} s window, ${during.length} requests, statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}, slowest ${slowest} ms`,
    );
  }
  const errors = samples.filter((s) => s.status >= 500 && s.status !== 503);
  if (errors.length)
    problems.push(
      `${name}: ${errors.length} answers 5xx other than 503 (${[...new Set(errors.map((e) => `${e.kind} ${e.status}`))].join(', ')})`,
    );
  // A refusal of the bench's own request (422, 404…) means the bench is wrong, and measures nothing.
  const refused = samples.filter(
    (s) => s.status >= 400 && s.status < 500 && s.status !== 409 && s.status !== 429,
  );
  if (refused.length)
    problems.push(
      `${name}: ${refused.length} requests refused (${[...new Set(refused.map((r) => `${r.kind} ${r.status}`))].join(', ')})`,
    );
  const hung = samples.filter((s) => s.status === -1);
  if (hung.length)
    problems.push(
      `${name}: ${hung.length} requests hung past ${HANG_MS} ms (${[...new Set(hung.map((h) => h.kind))].join(', ')})`,
    );
  const outside503 = samples.filter((s) => s.status === 503 && !inFault(s));
  if (outside503.length) lines.push(`note: ${outside503.length} answers 503 outside the fault windows`);
  return [...lines, ...problems.map((p) => `PROBLEM ${p}`)];
}

async function verify(base: string, token: string, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  let missing = 0;
  for (const id of ack.categories) {
    const response = await fetch(`${base}/api/categories/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) missing++;
  }
  if (missing) problems.push(`${missing} of ${ack.categories.length} acknowledged categories are missing`);
  const listed = await fetch(
    `${base}/api/contact-forms?search=${encodeURIComponent(ack.tag)}&per_page=${PAGE_SIZES[0]}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const total = listed.ok ? ((await listed.json()) as { meta: { total: number } }).meta.total : -1;
  if (total < ack.contacts) problems.push(`${ack.contacts} contact messages acknowledged, ${total} stored`);
  return [
    `acknowledged writes: ${ack.categories.length} categories (${missing} missing), ${ack.contacts} contact messages (${total} stored)`,
    ...problems.map((p) => `PROBLEM ${p}`),
  ];
}

async function runSetup(name: 'pglite' | 'postgres' | 'cluster'): Promise<string[]> {
  const cluster = await startCluster({
    database: name === 'pglite' ? 'pglite' : 'postgres',
    instances: name === 'cluster' ? 2 : 1,
    env: { ACCESS_TOKEN_TTL: String(Math.max(3600, SECONDS * 2)), API_RATE_LIMIT: '0' },
    prepare: (database) =>
      loadCatalog({ db: database.db } as BenchApp, { products: PRODUCTS, brands: 100, categories: 30 }),
  });
  const samples: Sample[] = [];
  const faults: Fault[] = [];
  const ack: Acknowledged = { categories: [], contacts: 0, tag: `Soak ${Date.now()}` };
  try {
    const { staff, fileUrl } = await prepareStaff(cluster);
    const rssStart = cluster.instances.map((i) => `${i.name} ${i.rssMiB()} MiB`).join(', ');
    const started = Date.now();
    const until = started + SECONDS * 1000;
    process.stdout.write(
      `${name}: ${SESSIONS} sessions for ${SECONDS} s (load ${loadavg()[0].toFixed(1)})\n`,
    );
    const work = staff.map((me, i) => session(cluster.url, me, i, fileUrl, until, samples, ack));
    if (name === 'cluster') {
      const at = (fraction: number) => sleep(Math.max(0, started + SECONDS * 1000 * fraction - Date.now()));
      const window = async (faultName: string, inject: () => Promise<void>, heal: () => Promise<void>) => {
        const from = Date.now();
        await inject();
        await sleep(FAULT_SECONDS * 1000);
        await heal();
        // Requests sent just after the heal may still meet the fault (pools reconnecting).
        faults.push({ name: faultName, from, to: Date.now() + 5000 });
      };
      await at(0.2);
      const pgFrom = Date.now();
      await cluster.postgres!.restart();
      faults.push({ name: 'PostgreSQL restart', from: pgFrom, to: Date.now() + 5000 });
      await at(0.4);
      await window(
        'Redis stopped',
        () => cluster.redis!.stop(),
        () => cluster.redis!.start(),
      );
      await at(0.6);
      await window(
        'file store stopped',
        () => cluster.store!.stop(),
        () => cluster.store!.start(),
      );
      await at(0.8);
      const killed = Date.now();
      cluster.instances[0].kill('SIGKILL');
      // nginx notices the dead instance at the first refused connection and retries the other.
      faults.push({
        name: `instance ${cluster.instances[0].name} killed (-9)`,
        from: killed,
        to: killed + 5000,
      });
    }
    await Promise.all(work);
    const rssEnd = cluster.instances
      .map((i) => `${i.name} ${i.rssMiB() ?? 'dead'}${i.running ? ' MiB' : ''}`)
      .join(', ');
    const lines = report(name, samples, faults, `start ${rssStart}; end ${rssEnd}`);
    const { access_token } = await signIn(cluster.url);
    return [...lines, ...(await verify(cluster.url, access_token, ack))];
  } finally {
    await cluster.close();
  }
}

async function main() {
  const setups = values.setups.split(',') as ('pglite' | 'postgres' | 'cluster')[];
  const out: string[] = [];
  for (const setup of setups) {
    const lines = await runSetup(setup);
    process.stdout.write(`${lines.join('\n')}\n`);
    out.push(...lines);
  }
  const problems = out.filter((line) => line.startsWith('PROBLEM'));
  process.stdout.write(
    problems.length ? `\nSoak found ${problems.length} problems\n` : '\nSoak: no problems\n',
  );
  process.exit(problems.length ? 1 : 0);
}

void main();
