import { createReadStream, constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { randomToken } from '../lib/crypto';
import {
  assertKey,
  FileStoreUnavailable,
  type FileStore,
  type ObjectInfo,
  type ReadOptions,
  type ReadResult,
} from './fileStore';
import { resolveRange, tagMatches } from './ranges';

const isMissing = (error: unknown): boolean => {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Files on local disk under `root` (`${DATA_DIR}/uploads`): the embedded default. */
export function diskStore(root: string): FileStore {
  const description = `disk ${root}`;
  const fail = (error: unknown): never => {
    throw new FileStoreUnavailable(description, error);
  };
  const fileOf = (key: string) => path.join(root, assertKey(key));

  const stat = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const info = await fs.stat(fileOf(key));
      if (!info.isFile()) return null;
      // The tag `send` (and so @fastify/static, which served these before) gives: size and mtime.
      return {
        size: info.size,
        etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      return fail(error);
    }
  };

  return {
    kind: 'disk',
    description,
    async put(key, body) {
      const target = fileOf(key);
      // Written beside the target and renamed over it: a reader (or a rerun of the move command after
      // an interruption) sees the whole file or none.
      const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomToken(6)}.tmp`);
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(temporary, body, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        fail(error);
      }
    },
    stat,
    async read(key, options: ReadOptions = {}): Promise<ReadResult | null> {
      const info = await stat(key);
      if (!info) return null;
      if (tagMatches(options.ifNoneMatch, info.etag)) return { ...info, status: 304 };
      const range = resolveRange(options.range, info.size);
      if (range === 'unsatisfiable') return { status: 416, size: info.size };
      const { start, end } = range ?? { start: 0, end: info.size - 1 };
      const body = createReadStream(fileOf(key), info.size ? { start, end } : {});
      return { ...info, status: range ? 206 : 200, body, start, end };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true }).catch(fail);
    },
    async *keys() {
      let entries: string[];
      try {
        entries = (await fs.readdir(root, { recursive: true })) as string[];
      } catch (error) {
        if (isMissing(error)) return;
        throw fail(error);
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        // Directories and the temporary files of writes in progress are not objects.
        if (!/^[^.]/.test(path.basename(key))) continue;
        if ((await stat(key).catch(() => null)) === null) continue;
        yield key;
      }
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fsConstants.W_OK | fsConstants.R_OK);
      } catch (error) {
        fail(error);
      }
    },
    async close() {},
  };
}
