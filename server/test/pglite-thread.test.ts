import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { PgliteThread } from '../db/pgliteThread';
import { databaseErrorAnswer } from '../lib/databaseErrors';

const root = path.resolve(__dirname, '../..');

const clientOf = (database: Database) => (database.db as unknown as { $client: unknown }).$client;

describe('PGlite in its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.raw('create table thread_rows (id int primary key, at timestamptz, note text)');
  });
  afterAll(() => database.close());

  it('answers Drizzle, raw statements and scripts as PGlite does', async () => {
    expect(clientOf(database)).toBeInstanceOf(PgliteThread);
    await database.raw('insert into thread_rows values ($1, $2, $3)', [
      1,
      new Date('2026-01-02T03:04:05Z'),
      'one',
    ]);
    const { rows } = await database.raw('select id, at, note from thread_rows where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, at: new Date('2026-01-02T03:04:05Z'), note: 'one' }]);
    // Drizzle's own parsers keep a timestamp's text.
    const result = (await database.db.execute(sql`select at from thread_rows where id = 1`)) as unknown as {
      rows: { at: unknown }[];
    };
    expect(typeof result.rows[0].at).toBe('string');
    const script = await database.raw('select 1 as a; select 2 as b');
    expect(script.rows).toEqual([{ b: 2 }]);
  });

  it('commits a transaction that resolves, rolls back one that throws, and holds the session meanwhile', async () => {
    const order: string[] = [];
    let inside: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into thread_rows (id, note) values (2, 'two')`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await started;
    // Outside the transaction: waits for it, and then sees its row.
    const outside = database.raw('select count(*)::int as n from thread_rows where id = 2').then((result) => {
      order.push('outside');
      return result.rows[0].n;
    });
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['transaction', 'outside']);

    await expect(
      database.db.transaction(async (t) => {
        await t.execute(sql`insert into thread_rows (id, note) values (3, 'three')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await database.raw('select count(*)::int as n from thread_rows where id = 3')).rows[0].n).toBe(0);
  });

  it("gives a database error's code and constraint, as lib/databaseErrors.ts reads them", async () => {
    const error = await database.raw('insert into thread_rows (id) values ($1)', [1]).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_rows_pkey' });
    expect(databaseErrorAnswer(error)?.status).toBe(409);
    // A script that failed inside its own BEGIN leaves the one session usable.
    await expect(database.raw('begin; insert into thread_rows (id) values (1); commit')).rejects.toThrow();
    expect((await database.raw('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('hands a COPY blob over and reads one in', async () => {
    const client = clientOf(database) as PgliteThread;
    const copied = await client.query(
      "copy (select id, note from thread_rows order by id) to '/dev/blob' with (format csv)",
    );
    expect(await copied.blob!.text()).toBe('1,one\n2,two\n');
    await client.transaction(async (tx) => {
      await tx.query("copy thread_rows (id, note) from '/dev/blob' with (format csv)", [], {
        blob: new Blob(['7,seven\n']),
      });
    });
    expect((await database.raw('select note from thread_rows where id = 7')).rows).toEqual([
      { note: 'seven' },
    ]);
  });
});

describe('PGlite on disk in its thread', () => {
  it('keeps a write acknowledged before the process is killed with -9', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-thread-'));
    try {
      // A process that writes one row, says so, and waits to be killed.
      const code = `
        const { openDatabase } = require('./server/db/client');
        (async () => {
          const database = await openDatabase({ pgliteDir: ${JSON.stringify(dataDir)} });
          await database.raw('create table acknowledged (id int primary key)');
          await database.db.$client.transaction((tx) => tx.query('insert into acknowledged values (42)'));
          process.stdout.write('acknowledged\\n');
          setInterval(() => undefined, 1000);
        })();
      `;
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (status) => reject(new Error(`the writer exited early (${status})`)));
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('acknowledged')) resolve();
        });
      });
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const reopened = await openDatabase({ pgliteDir: dataDir });
      try {
        expect((await reopened.raw('select id from acknowledged')).rows).toEqual([{ id: 42 }]);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
