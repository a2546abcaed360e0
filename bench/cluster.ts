/**
 * The cluster proof: docs/deploy.md's setup run, not only written. Starts (bench/cluster/setup.ts)
 * a PostgreSQL, a Redis, an S3-compatible store and an SMTP server of its own, two instances of the
 * compiled server started together on the empty database, and nginx in front; then proves:
 *
 *   - the two instances, started together, migrated once (one waited for the other);
 *   - a file uploaded through one instance is served by the other;
 *   - a session signed out on one is refused by the other on the next request (sign-ins cached for
 *     10 minutes: only the Redis bus can tell it);
 *   - a daily purge is one pending job in the cluster, and runs once;
 *   - a mail job whose instance is killed with -9 in the middle of its run is delivered by the
 *     other, and nginx goes on serving through the one left.
 *
 *   npm run build && npx tsx bench/cluster.ts
 *
 * Exits 1 on the first failed check, with what the instances printed. CI runs it (.ci/run).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { API_PATHS } from '../src/shared/routes';
import { CLUSTER_ADMIN, signIn, startCluster, type Cluster } from './cluster/setup';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${what}`);
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined | false>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`FAILED: ${what} (waited ${timeoutMs / 1000} s)`);
    await sleep(250);
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function migratedOnce(cluster: Cluster): Promise<string> {
  const journal = JSON.parse(
    fs.readFileSync(
      path.join(__dirname, '..', 'server', 'db', 'migrations', 'meta', '_journal.json'),
      'utf8',
    ),
  ) as { entries: unknown[] };
  const [{ count }] = await cluster.query<{ count: string }>(
    'select count(*) from drizzle.__drizzle_migrations',
  );
  check(
    Number(count) === journal.entries.length,
    `${journal.entries.length} migrations recorded once (${count})`,
  );
  const waited = cluster.instances.filter((instance) =>
    instance.output().includes('Another instance is preparing the database'),
  );
  // Started together, one usually finds the other migrating and waits; on a loaded machine one may
  // finish before the other asks (nobody waits). Both never wait, and the count above is the proof;
  // the lock itself is tested in server/test/migrations.postgres.test.ts.
  check(waited.length <= 1, `at most one instance waited for the other's migrations (${waited.length} did)`);
  return `${count} migrations applied once; ${
    waited.length
      ? `instance ${waited[0].name} waited for the other`
      : 'the second started after the first had migrated'
  }`;
}

async function fileServedByTheOther(cluster: Cluster, token: string): Promise<string> {
  const [a, b] = cluster.instances;
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([picture], { type: 'image/png' }), 'cluster.png');
  const upload = await fetch(`${a.url}${API_PATHS.uploads}`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  check(
    upload.status === 201,
    `upload through ${a.name} answers 201 (${upload.status} ${await upload.clone().text()})`,
  );
  const { data } = (await upload.json()) as { data: { url: string; preview_url?: string } };
  const served = await fetch(`${b.url}${data.url}`);
  check(served.status === 200, `${b.name} serves ${data.url} (${served.status})`);
  const bytes = Buffer.from(await served.arrayBuffer());
  const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
  check(sha(bytes) === sha(picture), `${b.name} serves the bytes uploaded through ${a.name}`);
  check(served.headers.get('x-content-type-options') === 'nosniff', 'the file keeps its nosniff header');
  if (data.preview_url) {
    const preview = await fetch(`${b.url}${data.preview_url}`);
    check(preview.status === 200, `${b.name} serves the preview variant (${preview.status})`);
  }
  return `uploaded through ${a.name}, served by ${b.name} (${bytes.length} bytes, same sha256)`;
}

async function signOutReachesTheOther(cluster: Cluster): Promise<string> {
  const [a, b] = cluster.instances;
  const { access_token } = await signIn(cluster.url);
  for (const instance of [a, b]) {
    const account = await fetch(`${instance.url}${API_PATHS.account}`, { headers: bearer(access_token) });
    check(account.status === 200, `${instance.name} knows the session (${account.status})`);
  }
  const out = await fetch(`${a.url}${API_PATHS.logout}`, { method: 'POST', headers: bearer(access_token) });
  check(out.status === 200, `signed out on ${a.name} (${out.status})`);
  const after = await fetch(`${b.url}${API_PATHS.account}`, { headers: bearer(access_token) });
  check(after.status === 401, `${b.name} refuses the signed-out session at once (${after.status})`);
  return `signed out on ${a.name}; ${b.name}'s next request: 401 (its cached sign-in dropped by the bus)`;
}

interface JobRow {
  id: string;
  state: string;
}

async function purgeRunsOnce(cluster: Cluster): Promise<string> {
  const pending = await cluster.query<JobRow>(
    "select id, state from pgboss.job where name = 'audit.purge' and state in ('created', 'retry')",
  );
  check(pending.length === 1, `one pending audit purge in the cluster (${pending.length})`);
  const [job] = pending;
  const completed = async () =>
    (
      await cluster.query<JobRow>(
        "select id, state from pgboss.job where name = 'audit.purge' and state = 'completed'",
      )
    ).map((row) => row.id);
  const before = await completed();
  await cluster.query('update pgboss.job set start_after = now() where id = $1', [job.id]);
  await waitFor('the due audit purge ran', 30_000, async () => {
    const [row] = await cluster.query<JobRow>('select state from pgboss.job where id = $1', [job.id]);
    return row?.state === 'completed';
  });
  // Both instances poll; the run happened once (one more completed run, none under way), and it
  // enqueued the one next run.
  await sleep(3000);
  const runs = (await completed()).filter((id) => !before.includes(id));
  const active = await cluster.query<JobRow>(
    "select id, state from pgboss.job where name = 'audit.purge' and state in ('active', 'retry', 'failed')",
  );
  const next = await cluster.query<JobRow>(
    "select id, state from pgboss.job where name = 'audit.purge' and state = 'created'",
  );
  check(
    runs.length === 1 && active.length === 0,
    `one audit purge run (${runs.length}, ${active.length} others)`,
  );
  check(next.length === 1, `one next audit purge pending (${next.length})`);
  return 'one pending run per cluster; made due, it ran once (of two instances polling) and left one next run';
}

async function killedRunCompletedByTheOther(cluster: Cluster): Promise<string> {
  const [a, b] = cluster.instances;
  const { mail } = cluster;
  const before = mail.received.length;
  mail.hold(true);
  // B frozen for a moment, so A is the one that takes the job.
  b.kill('SIGSTOP');
  try {
    const forgot = await fetch(`${a.url}${API_PATHS.passwordForgot}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: CLUSTER_ADMIN.email }),
    });
    check(forgot.ok, `reset requested through ${a.name} (${forgot.status})`);
    await waitFor(`${a.name} is in the middle of delivering the mail`, 30_000, async () => mail.held > 0);
    a.kill('SIGKILL');
    await a.exited();
  } finally {
    mail.hold(false);
    b.kill('SIGCONT');
  }
  const killedAt = Date.now();
  // Through nginx, the instance left answers.
  for (let i = 0; i < 4; i++) {
    const health = await fetch(`${cluster.url}${API_PATHS.health}`);
    check(health.status === 200, `nginx serves through ${b.name} with ${a.name} dead (${health.status})`);
  }
  // The run is handed back once it has outlived its time (the mail job's 2 minutes, noticed by the
  // queue's maintenance within 30 s), then retried by B.
  const delivered = await waitFor(`${b.name} delivered the mail ${a.name} died sending`, 300_000, async () =>
    mail.received.slice(before).find((m) => m.to.includes(CLUSTER_ADMIN.email)),
  );
  check(/reset/i.test(delivered.raw), 'the delivered mail is the reset mail');
  return `${a.name} killed with -9 mid-delivery; ${b.name} delivered it ${Math.round((Date.now() - killedAt) / 1000)} s later`;
}

async function main() {
  const started = Date.now();
  process.stdout.write('Starting PostgreSQL, Redis, s3rver, smtp-server, two instances and nginx...\n');
  // Sign-ins cached for 10 minutes: a sign-out can reach the other instance only by the bus.
  const cluster = await startCluster({ instances: 2, env: { AUTH_CACHE_MS: '600000' } });
  process.stdout.write(
    `Started in ${((Date.now() - started) / 1000).toFixed(1)} s; nginx at ${cluster.url}\n`,
  );
  let failed = false;
  try {
    const { access_token } = await signIn(cluster.url);
    const checks: [string, () => Promise<string>][] = [
      ['migrations', () => migratedOnce(cluster)],
      ['files', () => fileServedByTheOther(cluster, access_token)],
      ['sessions', () => signOutReachesTheOther(cluster)],
      ['purges', () => purgeRunsOnce(cluster)],
      ['jobs', () => killedRunCompletedByTheOther(cluster)],
    ];
    for (const [name, run] of checks) {
      const at = Date.now();
      const said = await run();
      process.stdout.write(`ok ${name}: ${said} (${((Date.now() - at) / 1000).toFixed(1)} s)\n`);
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    for (const instance of cluster.instances)
      process.stderr.write(`--- instance ${instance.name} printed:\n${instance.output().slice(-4000)}\n`);
  } finally {
    await cluster.close();
  }
  process.stdout.write(
    `Cluster proof ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  process.exit(failed ? 1 : 0);
}

void main();
