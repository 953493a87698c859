import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectZip, verifyZip, ZipError, type ZipProblem } from '../../../../src/grids/import/zip.ts';

const encoder = new TextEncoder();
const MB = 1024 * 1024;

/** A real zip of the given parts (deflated). */
const makeZip = (files: Record<string, Uint8Array>) => zipSync(files, { level: 6 });

/** Rewrites the uncompressed size the central directory (and, optionally, the local header) declares for each part. */
function declare(zip: Uint8Array, size: number, options: { local?: boolean; flags?: number } = {}): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let offset = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    view.setUint32(offset + 24, size, true);
    if (options.flags !== undefined) view.setUint16(offset + 8, options.flags, true);
    const local = view.getUint32(offset + 42, true);
    if (options.local) view.setUint32(local + 22, size, true);
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return bytes;
}

function problemOf(run: () => unknown): ZipProblem | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ZipError) return error.problem;
    throw error;
  }
}

const check = (zip: Uint8Array) => problemOf(() => verifyZip(zip, inspectZip(zip)));

describe('zip size check', () => {
  const honest = makeZip({
    '[Content_Types].xml': encoder.encode('<Types/>'),
    'xl/worksheets/sheet1.xml': encoder.encode('<row><c>1</c></row>'.repeat(5000)),
  });

  it('passes an ordinary archive and lists its parts', () => {
    const entries = inspectZip(honest);
    expect(entries.map((entry) => entry.name)).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml']);
    expect(entries[1]!.size).toBe('<row><c>1</c></row>'.length * 5000);
    expect(check(honest)).toBeNull();
  });

  it('refuses a small file that declares a huge unpacked size, before inflating anything', () => {
    const bomb = declare(makeZip({ 'xl/sharedStrings.xml': encoder.encode('x') }), 200 * MB);
    expect(bomb.length).toBeLessThan(500);
    expect(problemOf(() => inspectZip(bomb))).toBe('too_large');
  });

  it('refuses a part whose declared ratio is a bomb, even under the total limit', () => {
    const bomb = declare(makeZip({ 'xl/worksheets/sheet1.xml': encoder.encode('y') }), 50 * MB);
    expect(problemOf(() => inspectZip(bomb))).toBe('too_large');
  });

  it('catches parts that inflate past the size they declare', () => {
    // 8 MB of zeros packs to a few KB; the directory and the local header claim 100 bytes.
    const liar = declare(makeZip({ 'xl/worksheets/sheet1.xml': new Uint8Array(8 * MB) }), 100, { local: true });
    expect(problemOf(() => inspectZip(liar))).toBeNull();
    expect(problemOf(() => verifyZip(liar, inspectZip(liar)))).toBe('too_large');
  });

  it('stops inflating at the total limit', () => {
    const big = makeZip({ a: new Uint8Array(3 * MB), b: new Uint8Array(3 * MB) });
    const limits = { maxUnpackedBytes: 4 * MB, maxEntries: 10, maxRatio: 10_000, ratioFloorBytes: MB };
    expect(problemOf(() => inspectZip(big, limits))).toBe('too_large');
    expect(problemOf(() => verifyZip(big, inspectZip(big), limits))).toBe('too_large');
  });

  it('refuses encrypted parts and archives that are not zips', () => {
    expect(problemOf(() => inspectZip(declare(honest, 10, { flags: 1 })))).toBe('encrypted');
    expect(problemOf(() => inspectZip(encoder.encode('PK\u0003\u0004 not really a zip at all, no directory')))).toBe(
      'not_zip',
    );
    expect(problemOf(() => inspectZip(new Uint8Array(10)))).toBe('not_zip');
  });

  it('reports progress while verifying', () => {
    const seen: number[] = [];
    verifyZip(honest, inspectZip(honest), undefined, (fraction) => seen.push(fraction));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((fraction) => fraction > 0 && fraction <= 1)).toBe(true);
  });
});
