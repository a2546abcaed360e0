import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { formatBytes } from '../../src/shared/limits';
import { format } from '../../src/shared/messages';
import type { SheetLimits } from '../config';
import { HttpError } from './httpError';

/** 413: the file is small, but what it unpacks to is past what an import reads. */
export const tooBig = (reason: string): HttpError =>
  new HttpError(413, format(IMPORT_MESSAGES.importTooBig, { reason }), {
    file: [format(IMPORT_MESSAGES.importTooBig, { reason })],
  });

export const unreadable = (): HttpError =>
  new HttpError(422, IMPORT_MESSAGES.importUnreadable, { file: [IMPORT_MESSAGES.importUnreadable] });

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;

/**
 * Counts an XML element's start tags in a stream (`<row>`, `<row r="2">`, not `<rows>`), across
 * chunk boundaries, and throws once there are more than `max`.
 */
function countTags(stream: Readable, tag: string, max: number, reason: () => HttpError): Promise<number> {
  const needle = `<${tag}`;
  let tail = '';
  let total = 0;
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        const next = text[at + needle.length];
        if (next === undefined) break;
        if (next === '>' || next === ' ' || next === '/' || next === '\t' || next === '\n' || next === '\r')
          total++;
      }
      // Keep enough to finish a tag cut at the chunk's end (counted above only when complete).
      tail = text.slice(-needle.length);
      if (total > max) {
        stream.destroy();
        reject(reason());
      }
    });
    stream.on('end', () => resolve(total));
    stream.on('error', reject);
  });
}

const drain = (stream: Readable): Promise<void> =>
  new Promise((resolve, reject) => {
    stream.on('data', () => undefined);
    stream.on('end', resolve);
    stream.on('error', reject);
  });

const open = (buffer: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

const entries = (zip: ZipFile, limits: SheetLimits): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const found: Entry[] = [];
    let declared = 0;
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
        reject(
          tooBig(
            format(IMPORT_MESSAGES.importTooBigUnpacked, { size: formatBytes(limits.maxUncompressedBytes) }),
          ),
        );
        return;
      }
      found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', reject);
    zip.readEntry();
  });

const streamOf = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/**
 * Checks an XLSX before anything builds a workbook from it: the zip's central directory first (entry
 * count, the sizes entries declare once inflated), so a zip bomb is refused without inflating a byte;
 * then every entry is inflated once as a stream and thrown away, yauzl refusing any entry that
 * inflates past the size it declares (so the declared total bounds the work), while the rows of each
 * worksheet and the shared strings are counted. Only a file that passes reaches exceljs.
 */
export async function checkXlsx(buffer: Buffer, limits: SheetLimits): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw unreadable();
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw tooBig(format(IMPORT_MESSAGES.importTooBigParts, { count: limits.maxEntries }));
    for (const entry of await entries(zip, limits)) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await streamOf(zip, entry);
      if (WORKSHEET.test(entry.fileName))
        await countTags(stream, 'row', limits.maxRows, () =>
          tooBig(format(IMPORT_MESSAGES.importTooBigRows, { count: limits.maxRows - 1 })),
        );
      else if (SHARED_STRINGS.test(entry.fileName))
        await countTags(stream, 'si', limits.maxSharedStrings, () =>
          tooBig(format(IMPORT_MESSAGES.importTooBigStrings, { count: limits.maxSharedStrings })),
        );
      else await drain(stream);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A corrupt entry, or one that inflates past the size it declares.
    throw unreadable();
  } finally {
    zip.close();
  }
}
