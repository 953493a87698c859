/**
 * server/tax/opaque-png.ts: a transparent PNG (every row filter type) flattened onto white pixel for pixel; what it
 * does not handle comes back as null (the worker then embeds the original).
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flattenPng, opaquePng } from '../../../server/tax/opaque-png.ts';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
};
const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** An 8-bit PNG of `channels` (4 RGBA, 2 grey+alpha, 3 RGB), row y filtered with filter type y % 5. */
function png(width: number, height: number, channels: number, pixels: number[]): Buffer {
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const at = y * stride + x;
      const a = x >= channels ? pixels[at - channels]! : 0;
      const b = y > 0 ? pixels[at - stride]! : 0;
      const c = x >= channels && y > 0 ? pixels[at - stride - channels]! : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
      raw[y * (stride + 1) + 1 + x] = (pixels[at]! - predicted) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = { 4: 6, 2: 4, 3: 2 }[channels]!;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGB pixels of a flattened PNG (its rows are unfiltered). */
function rgbOf(flat: Buffer, width: number, height: number): number[] {
  expect(flat.readUInt32BE(16)).toBe(width);
  expect(flat.readUInt32BE(20)).toBe(height);
  expect([flat[24], flat[25]]).toEqual([8, 2]);
  const idatLength = flat.readUInt32BE(33);
  const raw = inflateSync(flat.subarray(41, 41 + idatLength));
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 3 + 1)]).toBe(0);
    out.push(...raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1)));
  }
  return out;
}

const onWhite = (value: number, alpha: number) => Math.round((value * alpha + 255 * (255 - alpha)) / 255);

describe('flattenPng', () => {
  it('flattens RGBA onto white, every filter type', () => {
    const [width, height] = [9, 10];
    const pixels = Array.from({ length: width * height * 4 }, (_, i) => (i * 73 + (i >> 3) * 151) % 256);
    const expected = [];
    for (let p = 0; p < width * height; p++) {
      for (let k = 0; k < 3; k++) expected.push(onWhite(pixels[p * 4 + k]!, pixels[p * 4 + 3]!));
    }
    expect(rgbOf(flattenPng(png(width, height, 4, pixels))!, width, height)).toEqual(expected);
  });

  it('flattens grey with alpha', () => {
    const pixels = [0, 255, 0, 0, 200, 128, 90, 255, 30, 10, 255, 77];
    const expected = [0, 1, 2, 3, 4, 5].flatMap((p) => {
      const v = onWhite(pixels[p * 2]!, pixels[p * 2 + 1]!);
      return [v, v, v];
    });
    expect(rgbOf(flattenPng(png(3, 2, 2, pixels))!, 3, 2)).toEqual(expected);
  });

  it('leaves what it does not handle to the PDF library', () => {
    const rgb = png(2, 2, 3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(flattenPng(rgb)).toBeNull();
    expect(opaquePng(rgb)).toBe(rgb);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    expect(flattenPng(jpeg)).toBeNull();
    expect(flattenPng(png(2, 2, 4, Array(16).fill(9)).subarray(0, 40))).toBeNull();
  });
});
