/**
 * Zip-bomb guard for .xlsx files (an .xlsx is a zip of XML parts), run in the import worker before SheetJS sees the
 * bytes. SheetJS inflates each part into a buffer of the size the part's local header declares, or grows it without
 * bound when that header says 0 (parts written with a data descriptor); so declared sizes alone do not bound its
 * memory. Two steps:
 *
 * 1. `inspectZip`: reads the central directory (cheap, no inflating) and refuses too many parts, a declared total
 *    over the limit, or a part whose declared ratio is a bomb's.
 * 2. `verifyZip`: inflates every part with a streaming inflater, counting bytes and stopping as soon as a part grows
 *    past its declared size or the total past the limit, so a directory that lies is caught too.
 */
import { Inflate } from 'fflate';

export interface ZipLimits {
  /** Declared and actual unpacked bytes, all parts together. */
  maxUnpackedBytes: number;
  /** Parts in the archive (an .xlsx has a few dozen). */
  maxEntries: number;
  /** Unpacked / packed for one part, checked for parts over `ratioFloorBytes` (XML packs 5–30×; a bomb ~1000×). */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

/** Why a zip is refused: not a readable zip, too big once unpacked, or encrypted. */
export type ZipProblem = 'not_zip' | 'too_large' | 'encrypted';

export class ZipError extends Error {
  readonly problem: ZipProblem;
  constructor(problem: ZipProblem, detail: string) {
    super(detail);
    this.name = 'ZipError';
    this.problem = problem;
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** Whether the bytes start like a zip ('PK\3\4', or 'PK\5\6' for an empty one). */
export const looksLikeZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

const u64 = (view: DataView, offset: number) => Number(view.getBigUint64(offset, true));

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let offset = last; offset >= first; offset--) {
    if (view.getUint32(offset, true) === EOCD) return offset;
  }
  throw new ZipError('not_zip', 'no end of central directory');
}

/** The 8-byte sizes of the zip64 extra field (0x0001), present only for the values that overflowed 32 bits. */
function zip64Sizes(view: DataView, start: number, length: number, entry: ZipEntry) {
  let offset = start;
  const end = start + length;
  while (offset + 4 <= end) {
    const id = view.getUint16(offset, true);
    const size = view.getUint16(offset + 2, true);
    if (id === 0x0001) {
      let field = offset + 4;
      const next = () => {
        if (field + 8 > offset + 4 + size) throw new ZipError('not_zip', 'short zip64 field');
        const value = u64(view, field);
        field += 8;
        return value;
      };
      if (entry.size === MAX32) entry.size = next();
      if (entry.packedSize === MAX32) entry.packedSize = next();
      if (entry.localOffset === MAX32) entry.localOffset = next();
      return;
    }
    offset += 4 + size;
  }
}

/**
 * The archive's parts as its central directory declares them. Throws `ZipError` 'too_large' for too many parts, a
 * declared total over the limit or a bomb's ratio; 'encrypted' for an encrypted part; 'not_zip' for a broken one.
 */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = defaultZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.byteLength < 22) throw new ZipError('not_zip', 'too short');
  try {
    const end = findEndOfDirectory(view);
    let count = view.getUint16(end + 10, true);
    let directoryOffset = view.getUint32(end + 16, true);
    if (count === MAX16 || directoryOffset === MAX32) {
      const locator = end - 20;
      if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw new ZipError('not_zip', 'no zip64');
      const record = u64(view, locator + 8);
      if (view.getUint32(record, true) !== ZIP64_EOCD) throw new ZipError('not_zip', 'bad zip64 record');
      count = u64(view, record + 32);
      directoryOffset = u64(view, record + 48);
    }
    if (count > limits.maxEntries) throw new ZipError('too_large', `${count} parts`);

    const entries: ZipEntry[] = [];
    let total = 0;
    let offset = directoryOffset;
    for (let i = 0; i < count; i++) {
      if (view.getUint32(offset, true) !== CENTRAL) throw new ZipError('not_zip', 'bad central directory');
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const entry: ZipEntry = {
        name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
        flags: view.getUint16(offset + 8, true),
        method: view.getUint16(offset + 10, true),
        packedSize: view.getUint32(offset + 20, true),
        size: view.getUint32(offset + 24, true),
        localOffset: view.getUint32(offset + 42, true),
      };
      zip64Sizes(view, offset + 46 + nameLength, extraLength, entry);
      if (entry.flags & 1) throw new ZipError('encrypted', entry.name);
      total += entry.size;
      if (total > limits.maxUnpackedBytes) throw new ZipError('too_large', `over ${limits.maxUnpackedBytes} bytes`);
      if (entry.size > limits.ratioFloorBytes && entry.size > limits.maxRatio * Math.max(entry.packedSize, 1)) {
        throw new ZipError('too_large', `${entry.name} ratio`);
      }
      entries.push(entry);
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    if (error instanceof ZipError) throw error;
    // A read past the end (RangeError): the directory points outside the file.
    throw new ZipError('not_zip', String(error));
  }
}

/** Compressed input per push: one push inflates to at most ~1032× this, so a bomb is stopped within ~16 MB. */
const CHUNK = 16 * 1024;

/**
 * Inflates every part, counting its bytes: refuses ('too_large') a part that grows past its declared size or a
 * total past the limit, and stops there. `onProgress` gets 0–1 by packed bytes done.
 */
export function verifyZip(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  limits: ZipLimits = defaultZipLimits,
  onProgress?: (fraction: number) => void,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packedTotal = entries.reduce((sum, entry) => sum + entry.packedSize, 0) || 1;
  let packedDone = 0;
  let total = 0;
  let lastReport = 0;
  try {
    for (const entry of entries) {
      const local = entry.localOffset;
      if (view.getUint32(local, true) !== LOCAL) throw new ZipError('not_zip', `bad local header ${entry.name}`);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + entry.packedSize);
      if (data.length !== entry.packedSize) throw new ZipError('not_zip', `truncated ${entry.name}`);
      if (entry.method === 0) {
        if (entry.packedSize !== entry.size) throw new ZipError('not_zip', `stored size ${entry.name}`);
        total += entry.size;
      } else if (entry.method === 8) {
        let size = 0;
        const inflater = new Inflate((chunk) => {
          size += chunk.length;
        });
        for (let at = 0; at < data.length || at === 0; at += CHUNK) {
          const last = at + CHUNK >= data.length;
          inflater.push(data.subarray(at, at + CHUNK), last);
          if (size > entry.size || total + size > limits.maxUnpackedBytes) {
            throw new ZipError('too_large', `${entry.name} inflates past its declared size or the limit`);
          }
          if (last) break;
        }
        total += size;
      } else {
        throw new ZipError('not_zip', `method ${entry.method}`);
      }
      if (total > limits.maxUnpackedBytes) throw new ZipError('too_large', `over ${limits.maxUnpackedBytes} bytes`);
      packedDone += entry.packedSize;
      if (onProgress && packedDone - lastReport > packedTotal / 20) {
        lastReport = packedDone;
        onProgress(packedDone / packedTotal);
      }
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    // fflate throws on a corrupt deflate stream; DataView on a read past the end.
    throw new ZipError('not_zip', String(error));
  }
}
