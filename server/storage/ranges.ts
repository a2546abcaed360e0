import type { ByteRange } from './fileStore';

/**
 * A `Range: bytes=…` header of one range (RFC 9110 §14.1.2), or undefined: no header, another
 * unit, several ranges or a malformed one, all answered with the whole file (as `send` did).
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to !== '' && Number(to) < start) return undefined;
  return to === '' ? { start } : { start, end: Number(to) };
}

/** The inclusive bytes a range names in an object of `size` bytes; null for the whole object. */
export function resolveRange(
  range: ByteRange | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!range) return null;
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return 'unsatisfiable';
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The HTTP `Range` header value of a range (what the S3 GetObject call is given). */
export const rangeHeader = (range: ByteRange): string =>
  'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function tagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
