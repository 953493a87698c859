/**
 * A PNG with an alpha channel costs pdfkit an inflate, an alpha split and two deflates in every PDF it is embedded in
 * (~10 ms of a 1721-A1's ~30 ms with a logo and a signature). The tax forms print logo and signature on white paper,
 * so a worker flattens each such image onto white once (`opaquePng`, cached by content) and every form then embeds the
 * RGB data as it is. Only 8-bit, non-interlaced RGBA and grey+alpha PNGs are flattened; anything else (JPEG, palette,
 * 16-bit, interlaced, damaged) is returned unchanged for react-pdf to handle as before.
 */
import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
};

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** The PNG flattened onto white as 8-bit RGB, or null when it is not one this handles (see above). */
export function flattenPng(png: Buffer): Buffer | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      const [depth, color, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (color !== 6 && color !== 4)) return null;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = color === 6 ? 4 : 2;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!width || !height || !idat.length || width * height > 25_000_000) return null;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return null;
  }
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) return null;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = y * (stride + 1) + 1;
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[out + x - channels]! : 0;
      const b = y > 0 ? pixels[out - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[out - stride + x - channels]! : 0;
      const value = raw[line + x]!;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predicted === undefined) return null;
      pixels[out + x] = (value + predicted) & 0xff;
    }
  }
  const rgb = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * stride + x * channels;
      const alpha = pixels[from + channels - 1]!;
      const to = y * (width * 3 + 1) + 1 + x * 3;
      for (let k = 0; k < 3; k++) {
        const value = pixels[from + (channels === 4 ? k : 0)]!;
        rgb[to + k] = Math.round((value * alpha + 255 * (255 - alpha)) / 255);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rgb)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 16;

/** `image` ready to embed cheaply: flattened once per worker and content (cached), else as it came. */
export function opaquePng(image: Buffer): Buffer {
  const key = createHash('sha1').update(image).digest('base64');
  const known = cache.get(key);
  if (known) return known;
  const flat = flattenPng(image) ?? image;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, flat);
  return flat;
}
