import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../config';

/** s3rver's built-in account: a request signed with any other access key id is refused. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3TestServer {
  endpoint: string;
  /** Settings for the app (or a command) on `bucket`, created first when asked. */
  settings(bucket: string, overrides?: Partial<S3Settings>): S3Settings;
  createBucket(name: string): Promise<void>;
  /** Stops answering (connections refused) until `start` again, on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

let buckets = 0;
/** A bucket name no other test of this process uses. */
export const testBucketName = (what = 'test'): string => `${what}-${process.pid}-${++buckets}`;

/**
 * A real S3-compatible server on loopback (s3rver, from the npm registry: objects in a temporary
 * folder), on a free port, for the storage tests and benches. docs/decisions/2026-12-01-s3-test-server.md
 * says why this one, and why it runs with `allowMismatchedSignatures` (its canonical path of a
 * bucket-level request lacks the trailing slash the SDK signs; access keys are still checked).
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      // Path-style requests only (the app sets forcePathStyle for a custom endpoint).
      vhostBuckets: false,
    });
    const address = (await instance.run()) as net.AddressInfo;
    port = address.port;
    server = instance;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string, overrides: Partial<S3Settings> = {}): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    ...S3_TEST_CREDENTIALS,
    forcePathStyle: true,
    timeoutMs: 5000,
    ...overrides,
  });
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    // Keep-alive connections the SDK holds would keep it answering: end them too.
    running.httpServer?.closeAllConnections?.();
    await running.close();
  };
  return {
    endpoint,
    settings,
    async createBucket(name) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP server on loopback that accepts connections and never answers: a store that hangs. The
 * app's deadline (`timeoutMs`) must turn a request to it into a 503.
 */
export async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
