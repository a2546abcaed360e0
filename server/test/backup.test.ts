import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { RestoreRefused } from '../backup/archive';
import { restoreBackup } from '../backup/restore';
import type { Config } from '../config';
import { createFileStore } from '../storage';
import { createAcmePumps, createProduct, pngBytes, uploadFile } from './catalogFixtures';
import { createTestUser } from './fixtures';
import {
  adminToken,
  authHeader,
  buildStorageTestApp,
  buildTestApp,
  createNativePglite,
  login,
  runScript,
  servedBytes,
  throwawayDatabase,
  type TestApp,
} from './helper';
import { startS3TestServer, testBucketName, type S3TestServer } from './s3TestServer';

type Driver = 'pglite' | 'postgres';
const here: Driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
/** The other database when this machine has both (PGlite → PostgreSQL, PostgreSQL → PGlite). */
const other: Driver = here === 'postgres' ? 'pglite' : process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

interface Target {
  database: Database;
  /** The test app's settings to run on what was restored. */
  config: Partial<Config>;
  drop(): Promise<void>;
}

/** An empty database of `driver` (PGlite on disk, or a throwaway PostgreSQL database), not migrated. */
async function emptyTarget(driver: Driver): Promise<Target> {
  if (driver === 'postgres') {
    const throwaway = await throwawayDatabase();
    return {
      database: await openDatabase({ databaseUrl: throwaway.url }),
      config: { databaseUrl: throwaway.url },
      drop: throwaway.drop,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-restore-'));
  return {
    database: await openDatabase({ pgliteDir: path.join(dataDir, 'db'), createPglite: createNativePglite }),
    config: { dataDir, inMemoryDb: false, uploadsDir: path.join(dataDir, 'uploads') },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const backupTo = async (t: TestApp, file: string) => {
  const out = fs.createWriteStream(file);
  return t.app.writeBackup(out);
};

describe(`backup → restore: ${here} with files on disk → ${other} with files in a bucket → ${here} again`, () => {
  let s3: S3TestServer;
  let source: TestApp;
  let dir: string;
  let token: string;
  let product: { id: number };
  let taxa: { brand_id: number; category_id: number };
  let imageBytes: Buffer;
  let imageUrl: string;
  const user = { email: 'kept@example.com', password: 'Kept-Passw0rd!' };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-backup-test-'));
    s3 = await startS3TestServer();
    source = await buildStorageTestApp('disk');
    token = await adminToken(source.app);
    await createTestUser(source.app, user);
    const upload = await uploadFile(source, token, 'image', await pngBytes(1000, 600), 'pump.png');
    const image = upload.json().data;
    imageUrl = image.url;
    imageBytes = await servedBytes(source.app, imageUrl);
    const { brand, category } = await createAcmePumps(source, token);
    taxa = { brand_id: brand.id, category_id: category.id };
    product = await createProduct(source, token, { ...taxa, image: image.id, image_alt: 'A pump' });
  });
  afterAll(async () => {
    await source.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What a caller sees of the product, the image and the sign-in, on `t`. */
  const answers = async (t: TestApp) => {
    const admin = await adminToken(t.app);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}`,
      headers: authHeader(admin),
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: authHeader(admin) });
    const { data } = shown.json();
    return {
      product: data,
      total: list.json().meta.total,
      image: (await servedBytes(t.app, data.image.url)).equals(imageBytes),
      preview: (await servedBytes(t.app, data.image.preview_url ?? data.image.url)).length > 0,
      variants: await Promise.all(
        (data.image.variants ?? []).map(
          async (v: { url: string }) => (await servedBytes(t.app, v.url)).length > 0,
        ),
      ),
      signIn: Boolean((await login(t.app, user.email, user.password)).access_token),
    };
  };

  it('restores the same product, image and password on the other database and storage, and back', async () => {
    const before = await answers(source);
    expect(before.image).toBe(true);
    expect(before.variants).toEqual([true, true]);

    const first = path.join(dir, 'first.zip');
    const summary = await backupTo(source, first);
    expect(summary.files).toBe(4); // the original, its preview and two web variants
    expect(summary.missingFiles).toEqual([]);

    const middle = await emptyTarget(other);
    const bucket = testBucketName('restore');
    await s3.createBucket(bucket);
    const middleStore = createFileStore({ s3: s3.settings(bucket), uploadsDir: '' });
    const restored = await restoreBackup(first, middle.database, middleStore);
    expect(restored.files).toBe(4);
    await middle.database.close();
    await middleStore.close();

    const onOther = await buildTestApp({ ...middle.config, s3: s3.settings(bucket) });
    let second: string;
    try {
      expect(await answers(onOther)).toEqual(before);
      // New rows continue after the restored ones (the sequences came back too).
      const next = await createProduct(onOther, await adminToken(onOther.app), taxa);
      expect(next.id).toBeGreaterThan(product.id);
      second = path.join(dir, 'second.zip');
      await backupTo(onOther, second);
    } finally {
      await onOther.close();
      await middle.drop();
    }

    const last = await emptyTarget(here);
    const lastStore = createFileStore({
      uploadsDir: last.config.uploadsDir ?? path.join(dir, 'last-uploads'),
    });
    await restoreBackup(second, last.database, lastStore);
    await last.database.close();
    const back = await buildTestApp({
      ...last.config,
      uploadsDir: last.config.uploadsDir ?? path.join(dir, 'last-uploads'),
    });
    try {
      const after = await answers(back);
      expect({ ...after, total: after.total - 1 }).toEqual(before);
    } finally {
      await back.close();
      await last.drop();
    }
  });

  it('refuses an archive that does not verify and one of a newer schema, in one line, and leaves the target untouched', async () => {
    const good = path.join(dir, 'good.zip');
    await backupTo(source, good);
    const target = await emptyTarget(here);
    const store = createFileStore({ uploadsDir: path.join(dir, 'untouched') });
    const refusal = async (file: string) => {
      const error = await restoreBackup(file, target.database, store).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(RestoreRefused);
      expect((error as Error).message).not.toContain('\n');
      return (error as Error).message;
    };
    try {
      // One byte of the archive changed (in a stored file's data, past the zip's headers).
      const bytes = fs.readFileSync(good);
      const at = bytes.indexOf(imageBytes.subarray(100, 132));
      expect(at).toBeGreaterThan(0);
      bytes[at] ^= 0xff;
      const corrupt = path.join(dir, 'corrupt.zip');
      fs.writeFileSync(corrupt, bytes);
      expect(await refusal(corrupt)).toMatch(
        /^The backup does not verify: files\/.+ does not match its checksum\.$/,
      );

      const truncated = path.join(dir, 'truncated.zip');
      fs.writeFileSync(truncated, fs.readFileSync(good).subarray(0, 1000));
      expect(await refusal(truncated)).toMatch(/^The backup does not verify: /);

      expect(await refusal(path.join(dir, 'none.zip'))).toMatch(/^There is no file /);

      const newer = path.join(dir, 'newer.zip');
      await rewriteManifest(good, newer, (manifest) => ({
        ...manifest,
        schema: { count: 999, tag: null, when: Date.UTC(2100, 0, 1) },
      }));
      expect(await refusal(newer)).toMatch(/^The backup's schema \(.+\) is newer than this build's \(.+\): /);

      // Untouched: no table, no file.
      const { empty } = await import('../backup/session').then(({ inTransaction }) =>
        inTransaction(target.database, 'snapshot', async (session) => ({
          empty:
            (
              await session.query<{ n: number }>(
                `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind = 'r' and n.nspname in ('public', 'drizzle')`,
              )
            )[0].n === 0,
        })),
      );
      expect(empty).toBe(true);
      expect(fs.existsSync(path.join(dir, 'untouched'))).toBe(false);

      // A target that holds data is refused without --replace, and replaced with it.
      await restoreBackup(good, target.database, store);
      expect(await refusal(good)).toBe(
        'The target database is not empty: add --replace to replace what it holds.',
      );
      await expect(restoreBackup(good, target.database, store, { replace: true })).resolves.toMatchObject({
        filesAlreadyThere: 4,
      });
    } finally {
      await target.database.close();
      await store.close();
      await target.drop();
    }
  });
});

describe(`npm run backup / npm run restore on ${here}, while the server runs`, () => {
  it('backs up a running server, refuses to restore under it, and restores once it is stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-cli-'));
    // A database that outlives the server (a test app's own PostgreSQL database goes with it).
    const postgres = here === 'postgres' ? await throwawayDatabase() : null;
    const running = await buildTestApp(
      postgres ? { dataDir, databaseUrl: postgres.url } : { dataDir, inMemoryDb: false },
    );
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: running.config.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    };
    const file = path.join(os.tmpdir(), `adm-cli-${process.pid}.zip`);
    try {
      const token = await adminToken(running.app);
      await uploadFile(running, token, 'image', await pngBytes(30, 30), 'small.png');

      const backup = await runScript('backup.ts', [file], env);
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/Backup written to .+: \d+ rows in \d+ tables, 2 files, /);
      expect(backup.status).toBe(0);

      const underServer = await runScript('restore.ts', [file, '--replace'], env);
      expect(underServer.status).toBe(1);
      expect(underServer.stderr).toMatch(
        here === 'pglite'
          ? /^Cannot restore: A server is running on .+: stop it before restoring\.\n$/
          : /^Cannot restore: \d+ other connections? (is|are) open to the target database: stop every server using it first\.\n$/,
      );
      expect((await runScript('backup.ts', [], env)).stderr).toBe('Usage: npm run backup -- FILE\n');
    } finally {
      await running.app.close();
    }
    try {
      const refused = await runScript('restore.ts', [file], env);
      expect(refused.stderr).toBe(
        'Cannot restore: The target database is not empty: add --replace to replace what it holds.\n',
      );
      const restored = await runScript('restore.ts', [file, '--replace'], env);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(/Restored \d+ rows in \d+ tables and 2 files in /);
      expect(restored.status).toBe(0);
    } finally {
      fs.rmSync(file, { force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  });
});

/** A copy of a backup whose manifest says something else (its checksums stay right). */
async function rewriteManifest(
  from: string,
  to: string,
  change: (manifest: Record<string, unknown>) => unknown,
) {
  const yauzl = await import('yauzl');
  const yazl = await import('yazl');
  const zip = await yauzl.openPromise(from, { lazyEntries: true });
  const out = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    out.outputStream.pipe(fs.createWriteStream(to)).on('close', resolve).on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', async (entry: import('yauzl').Entry) => {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      let data = Buffer.concat(chunks);
      if (entry.fileName === 'manifest.json')
        data = Buffer.from(JSON.stringify(change(JSON.parse(String(data)))));
      out.addBuffer(data, entry.fileName);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  out.end();
  await done;
}
