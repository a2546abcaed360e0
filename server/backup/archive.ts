import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { isStorageKey } from '../storage';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, type Manifest } from './dump';

/** A restore that will not go ahead; its message is one line for the operator. Nothing was changed. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface OpenArchive {
  manifest: Manifest;
  /** An entry's bytes, as a stream. */
  open(entry: string): Promise<Readable>;
  close(): void;
}

const unverified = (why: string) => new RestoreRefused(`The backup does not verify: ${why}.`);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isManifest(value: unknown): value is Manifest {
  const manifest = value as Partial<Manifest> | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.format === BACKUP_FORMAT &&
    typeof manifest.schema?.when === 'number' &&
    Array.isArray(manifest.tables) &&
    Array.isArray(manifest.sequences) &&
    Array.isArray(manifest.files)
  );
}

/**
 * Opens a backup and checks it whole before anything is restored: a zip whose directory reads,
 * a manifest of this format, exactly the entries it names (no more), file keys that are plain
 * storage keys, and every entry's sha256 and length as recorded. Any failure is a RestoreRefused.
 */
export async function openVerifiedArchive(file: string): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new RestoreRefused(`There is no file ${file}.`);
    throw unverified(`it is not a readable archive (${(error as Error).message})`);
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    }).catch((error: Error) => {
      throw unverified(`its directory does not read (${error.message})`);
    });
    const open = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw unverified(`${name} is missing`);
      return zip.openReadStreamPromise(entry);
    };

    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw unverified(`it has no ${MANIFEST_ENTRY}`);
    let manifest: unknown;
    try {
      manifest = JSON.parse((await readAll(await open(MANIFEST_ENTRY))).toString('utf8'));
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      throw unverified(`its ${MANIFEST_ENTRY} does not read`);
    }
    if (!isManifest(manifest))
      throw unverified(`its ${MANIFEST_ENTRY} is not one of a backup of this product`);
    if (manifest.format_version > BACKUP_FORMAT_VERSION)
      throw new RestoreRefused(
        `The backup is of a newer format (${manifest.format_version}) than this build reads (${BACKUP_FORMAT_VERSION}).`,
      );

    const recorded = [...manifest.tables, ...manifest.files];
    const names = new Set(recorded.map((item) => item.entry));
    for (const name of entries.keys())
      if (name !== MANIFEST_ENTRY && !names.has(name)) throw unverified(`${name} is not in its manifest`);
    for (const file of manifest.files)
      if (!isStorageKey(file.key) || file.entry !== `files/${file.key}`)
        throw unverified(`${file.entry} is not a file name`);
    for (const item of recorded) {
      let stream: Readable;
      try {
        stream = await open(item.entry);
      } catch (error) {
        if (error instanceof RestoreRefused) throw error;
        throw unverified(`${item.entry} does not read`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      try {
        for await (const chunk of stream) {
          hash.update(chunk as Buffer);
          bytes += (chunk as Buffer).length;
        }
      } catch {
        throw unverified(`${item.entry} does not read`);
      }
      if (bytes !== item.bytes || hash.digest('hex') !== item.sha256)
        throw unverified(`${item.entry} does not match its checksum`);
    }
    return { manifest, open, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

export { readAll };
