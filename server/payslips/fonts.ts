/**
 * The CJK font for Chinese payslips (decision 0049): Noto Sans SC (SIL Open Font License 1.1), from the
 * `@fontsource/noto-sans-sc` package's simplified-Chinese WOFF. fontkit (inside @react-pdf/renderer) re-inflates a
 * WOFF's tables on every glyph lookup, which makes one Chinese payslip take close to a minute; unpacked once into a
 * plain TrueType file (`woffToSfnt`, a few hundred ms at the first Chinese payslip) it takes milliseconds.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const WOFF = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff';

/** A WOFF 1.0 file as the OpenType (sfnt) file it wraps: each table inflated, the directory rewritten. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const size = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < size ? inflateSync(raw) : raw,
    };
  });
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const head = 12 + count * 16;
  const out = Buffer.alloc(tables.reduce((size, table) => size + ((table.data.length + 3) & ~3), head));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(range, 6);
  out.writeUInt16BE(selector, 8);
  out.writeUInt16BE(count * 16 - range, 10);
  let offset = head;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}

/** The path of the unpacked font (made once per machine and package version), or null if the package is missing. */
export function cjkFontPath(): string | null {
  let source: string;
  try {
    source = require.resolve(WOFF);
  } catch {
    return null;
  }
  const woff = readFileSync(source);
  const target = join(tmpdir(), `hrw-noto-sans-sc-${woff.length}.ttf`);
  if (!existsSync(target)) {
    const partial = `${target}.${process.pid}.part`;
    writeFileSync(partial, woffToSfnt(woff));
    renameSync(partial, target);
  }
  return target;
}
