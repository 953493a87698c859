/**
 * Checks a zip (an xlsx) before anything parses it: the entries it declares, their total unpacked size, and the size
 * they really inflate to, with a hard cap so that a zip bomb costs at most `limit` bytes of work.
 */
import { Inflate } from 'fflate';

export interface ZipReport {
  ok: boolean;
  reason?: 'not_a_zip' | 'too_many_entries' | 'unpacked_too_large' | 'unsupported' | 'corrupt';
  entries: string[];
  unpackedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

export function inspectZip(buffer: Uint8Array, limit: number): ZipReport {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const fail = (reason: NonNullable<ZipReport['reason']>, entries: string[] = [], unpackedBytes = 0): ZipReport => ({
    ok: false,
    reason,
    entries,
    unpackedBytes,
  });
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return fail('not_a_zip');
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) return fail('unsupported');
  if (count > MAX_ENTRIES) return fail('too_many_entries');

  const entries: string[] = [];
  let declared = 0;
  let inflated = 0;
  let at = directoryOffset;
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || view.getUint32(at, true) !== CENTRAL) return fail('corrupt', entries, declared);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    entries.push(decoder.decode(buffer.subarray(at + 46, at + 46 + nameLength)));
    if (size === 0xffffffff || compressedSize === 0xffffffff) return fail('unsupported', entries, declared);
    declared += size;
    if (declared > limit) return fail('unpacked_too_large', entries, declared);
    at += 46 + nameLength + extraLength + commentLength;

    // Inflate for real, counting: declared sizes can lie.
    if (localOffset + 30 > buffer.length || view.getUint32(localOffset, true) !== LOCAL)
      return fail('corrupt', entries, declared);
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const data = buffer.subarray(start, start + compressedSize);
    if (method === 0) {
      inflated += data.length;
    } else if (method === 8) {
      let tooLarge = false;
      const inflate = new Inflate((chunk) => {
        inflated += chunk.length;
        if (inflated > limit) tooLarge = true;
      });
      try {
        for (let offset = 0; offset < data.length && !tooLarge; offset += 16_384) {
          inflate.push(data.subarray(offset, offset + 16_384), offset + 16_384 >= data.length);
        }
      } catch {
        return fail('corrupt', entries, Math.max(declared, inflated));
      }
      if (tooLarge) return fail('unpacked_too_large', entries, inflated);
    } else {
      return fail('unsupported', entries, declared);
    }
    if (inflated > limit) return fail('unpacked_too_large', entries, inflated);
  }
  return { ok: true, entries, unpackedBytes: Math.max(declared, inflated) };
}

/** An Office Open XML workbook: a zip with a content-types part and a workbook part. */
export const isXlsx = (report: ZipReport) =>
  report.ok && report.entries.includes('[Content_Types].xml') && report.entries.includes('xl/workbook.xml');
