import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diskStore } from '../storage/disk';
import type { FileStore } from '../storage';
import { moveFiles } from '../storage/move';
import { s3Store } from '../storage/s3';
import { readWhole } from '../storage/variants';
import { runScript } from './helper';
import { startS3TestServer, testBucketName, type S3TestServer } from './s3TestServer';

const FILES: Record<string, Buffer> = Object.fromEntries(
  ['2026-01/a.png', '2026-01/a.preview.webp', '2026-01/b.pdf', '2026-02/c.jpg', '2026-02/c.w480.webp'].map(
    (key, i) => [key, Buffer.alloc(100 + i * 37, i + 1)],
  ),
);

const keysOf = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
};

describe('npm run files:move: disk → bucket and back, resumable', () => {
  let s3: S3TestServer;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-move-'));
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies what the target lacks, skips what it holds, and resumes after an interruption', async () => {
    const bucket = testBucketName('move');
    await s3.createBucket(bucket);
    const disk = diskStore(path.join(dir, 'one'));
    const remote = s3Store(s3.settings(bucket));
    try {
      for (const [key, body] of Object.entries(FILES)) await disk.put(key, body, 'application/octet-stream');
      // An earlier run that stopped after two files (one of them since changed at the source).
      await remote.put('2026-01/a.png', FILES['2026-01/a.png'], 'image/png');
      await remote.put('2026-01/b.pdf', Buffer.from('older'), 'application/pdf');

      const first = await moveFiles(disk, remote);
      expect(first).toMatchObject({ copied: 4, skipped: 1, deleted: 0, failed: [] });
      const again = await moveFiles(disk, remote);
      expect(again).toMatchObject({ copied: 0, skipped: 5, failed: [] });
      expect(await keysOf(remote)).toEqual(Object.keys(FILES).sort());
      for (const [key, body] of Object.entries(FILES))
        expect((await readWhole(remote, key)).equals(body)).toBe(true);
      expect((await remote.stat('2026-01/b.pdf'))?.size).toBe(FILES['2026-01/b.pdf'].length);

      // Back to another disk, emptying the bucket as it goes.
      const back = diskStore(path.join(dir, 'two'));
      const returned = await moveFiles(remote, back, { deleteSource: true });
      expect(returned).toMatchObject({ copied: 5, deleted: 5, failed: [] });
      expect(await keysOf(remote)).toEqual([]);
      for (const [key, body] of Object.entries(FILES))
        expect((await readWhole(back, key)).equals(body)).toBe(true);
    } finally {
      await remote.close();
    }
  });

  it('runs as the npm command from the S3_* settings, and says in one line when the bucket is down', async () => {
    const bucket = testBucketName('cli');
    const dataDir = path.join(dir, 'cli');
    const disk = path.join(dataDir, 'uploads', '2026-03');
    fs.mkdirSync(disk, { recursive: true });
    fs.writeFileSync(path.join(disk, 'x.png'), FILES['2026-01/a.png']);
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const run = (args: string[], overrides: Record<string, string> = {}) =>
      runScript('files-move.ts', args, { ...env, ...overrides });
    await s3.createBucket(bucket);
    const moved = await run(['--to', 's3']);
    expect(moved.stderr).toBe('');
    expect(moved.stdout).toContain('Done: 1 copied, 0 already there, 0 failed.');
    expect(moved.status).toBe(0);

    const usage = await run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe('Usage: npm run files:move -- --to s3|disk [--delete-source]\n');

    const down = await run(['--to', 's3'], { S3_ENDPOINT: 'http://127.0.0.1:9', S3_TIMEOUT_MS: '500' });
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/^Cannot move files: the file store \(s3 bucket .+\) is unavailable: .+\n$/);
  });
});
