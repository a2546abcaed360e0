import { contentTypeOf, type FileStore } from './fileStore';
import { readWhole } from './variants';

export interface MoveReport {
  copied: number;
  /** Already in the target with the same size (an earlier run's work). */
  skipped: number;
  /** Removed from the source (with `deleteSource`, once the target holds them). */
  deleted: number;
  failed: { key: string; error: string }[];
}

export interface MoveOptions {
  /** Remove each file from the source once the target holds it. */
  deleteSource?: boolean;
  /** Files copied at once. */
  concurrency?: number;
  /** Told every `every` files how far it got. */
  progress?: (report: MoveReport, seen: number) => void;
  every?: number;
}

/**
 * Copies every file of `from` into `to`, skipping those `to` already holds with the same size: an
 * interrupted run is resumed by running it again (a store's write is whole or nothing, so a file is
 * either there complete or not at all). With `deleteSource`, a file leaves the source only after
 * the target holds it. The command is `npm run files:move -- --to s3|disk` (scripts/files-move.ts).
 */
export async function moveFiles(
  from: FileStore,
  to: FileStore,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, skipped: 0, deleted: 0, failed: [] };
  const concurrency = options.concurrency ?? 8;
  const every = options.every ?? 500;
  let seen = 0;
  const running = new Set<Promise<void>>();

  const moveOne = async (key: string) => {
    try {
      const [source, target] = await Promise.all([from.stat(key), to.stat(key)]);
      if (!source) return;
      if (target && target.size === source.size) report.skipped++;
      else {
        await to.put(key, await readWhole(from, key), contentTypeOf(key));
        report.copied++;
      }
      if (options.deleteSource) {
        await from.delete(key);
        report.deleted++;
      }
    } catch (error) {
      report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
    }
    if (++seen % every === 0) options.progress?.(report, seen);
  };

  for await (const key of from.keys()) {
    const task = moveOne(key).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
