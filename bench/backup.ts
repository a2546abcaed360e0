/**
 * Backup and restore times (server/backup) for a catalogue of `--products` (100 000) products and
 * `--images` (1 000) uploaded images, each with its preview and web variants, on PGlite and on
 * PostgreSQL (`--database-url`, a server to make a throwaway database in), files on local disk.
 *
 *   npx tsx bench/backup.ts [--products 100000] [--images 1000] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Each database: load, back up (timed, to a file), restore into an empty database of the same kind
 * (timed), then check the restored row count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { restoreBackup } from '../server/backup/restore';
import { openDatabase } from '../server/db/client';
import { createFileStore } from '../server/storage';
import { loadCatalog, startBenchApp, throwawayDatabase, type BenchApp } from './catalog-data';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function addImages(app: BenchApp, count: number): Promise<void> {
  const result = (await app.db.execute(sql`select id from users order by id limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  const userId = result.rows[0].id;
  for (let i = 0; i < count; i++) {
    const buffer = await sharp({
      create: { width: 1000, height: 700, channels: 3, background: { r: i % 255, g: (i * 7) % 255, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    await app.uploads.store({ kind: 'image', buffer, originalName: `image-${i}.jpg`, userId });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      images: { type: 'string', default: '1000' },
      'database-url': { type: 'string' },
    },
  });
  const products = Number(values.products);
  const images = Number(values.images);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-bench-backup-'));
  const drivers = values['database-url'] ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  try {
    for (const driver of drivers) {
      const source = driver === 'postgres' ? await throwawayDatabase(values['database-url']!) : null;
      const bench = await startBenchApp(source?.url);
      const file = path.join(work, `${driver}.zip`);
      try {
        let started = Date.now();
        await loadCatalog(bench.app, { products, brands: 200, categories: 40 });
        await addImages(bench.app, images);
        process.stdout.write(
          `${driver}: loaded ${products} products and ${images} images in ${seconds(Date.now() - started)}\n`,
        );

        started = Date.now();
        const summary = await bench.app.writeBackup(fs.createWriteStream(file));
        const backupMs = Date.now() - started;
        const size = fs.statSync(file).size;
        process.stdout.write(
          `${driver}: backup ${seconds(backupMs)}: ${summary.rows} rows, ${summary.files} files, ${(size / 1e6).toFixed(1)} MB\n`,
        );

        const target = driver === 'postgres' ? await throwawayDatabase(values['database-url']!) : null;
        const targetDir = fs.mkdtempSync(path.join(work, 'target-'));
        const database = await openDatabase(
          target ? { databaseUrl: target.url } : { pgliteDir: path.join(targetDir, 'db') },
        );
        const store = createFileStore({ uploadsDir: path.join(targetDir, 'uploads') });
        try {
          started = Date.now();
          const restored = await restoreBackup(file, database, store);
          process.stdout.write(
            `${driver}: restore ${seconds(Date.now() - started)} (verify, files, load): ${restored.rows} rows, ${restored.files} files\n`,
          );
        } finally {
          await database.close();
          await store.close();
          await target?.drop();
        }
      } finally {
        await bench.close();
        await source?.drop();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
