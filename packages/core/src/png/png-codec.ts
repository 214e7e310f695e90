import { unzlibSync, zlibSync } from 'fflate';
import { crc32 } from './crc32.ts';
import { createImage, type RgbaImage } from './rgba-image.ts';

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** Larger images are refused when reading: they would need hundreds of megabytes. */
const MAX_PNG_PIXELS = 16 * 1024 * 1024;

/** A PNG we cannot read; readers report it as 'Invalid encoded PNG format'. */
export class PngError extends Error {
  override readonly name = 'PngError';
}

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

function readU32BE(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

function writeU32BE(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 24) & 0xff;
  bytes[offset + 1] = (value >>> 16) & 0xff;
  bytes[offset + 2] = (value >>> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  writeU32BE(out, 0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  writeU32BE(out, 8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Filters every row with the type (0-4) whose output has the smallest sum of absolute values. */
function filterRows(image: RgbaImage): Uint8Array {
  const stride = image.width * 4;
  const out = new Uint8Array((stride + 1) * image.height);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? image.data.subarray((y - 1) * stride, y * stride) : null;
    let bestType = 0;
    let bestScore = Infinity;
    for (let type = 0; type <= 4; type++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 4 ? row[i - 4]! : 0;
        const b = above ? above[i]! : 0;
        const c = above && i >= 4 ? above[i - 4]! : 0;
        const x = row[i]!;
        const v =
          type === 0
            ? x
            : type === 1
              ? x - a
              : type === 2
                ? x - b
                : type === 3
                  ? x - ((a + b) >> 1)
                  : x - paeth(a, b, c);
        const byte = v & 0xff;
        candidate[i] = byte;
        score += byte < 128 ? byte : 256 - byte;
      }
      if (score < bestScore) {
        bestScore = score;
        bestType = type;
        best.set(candidate);
      }
    }
    out[y * (stride + 1)] = bestType;
    out.set(best, y * (stride + 1) + 1);
  }
  return out;
}

export interface PngEncodeOptions {
  /** zlib level 0-9; 6 by default. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/** Encodes an 8-bit RGBA, non-interlaced PNG (IHDR, one IDAT, IEND). */
export function encodePng(image: RgbaImage, options: PngEncodeOptions = {}): Uint8Array {
  const header = new Uint8Array(13);
  writeU32BE(header, 0, image.width);
  writeU32BE(header, 4, image.height);
  header.set([8, 6, 0, 0, 0], 8);
  const idat = zlibSync(filterRows(image), { level: options.level ?? 6 });
  const parts = [PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Decodes a PNG strictly (signature, chunk CRCs, IHDR first, consecutive IDATs, IEND last) into
 * RGBA. Only 8-bit truecolour, with or without alpha, non-interlaced: the only PNGs that can carry
 * a project (browsers save canvases that way). Anything else throws PngError.
 */
export function decodePng(bytes: Uint8Array): RgbaImage {
  if (!isPng(bytes)) throw new PngError('not a PNG file');
  let offset = PNG_SIGNATURE.length;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Uint8Array[] = [];
  let idatDone = false;
  let ended = false;
  let first = true;
  while (!ended) {
    if (offset + 12 > bytes.length) throw new PngError('the file ends inside a chunk');
    const length = readU32BE(bytes, offset);
    if (length > 0x7fffffff || offset + 12 + length > bytes.length)
      throw new PngError('a chunk is longer than the file');
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('a chunk has an invalid type');
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes, offset + 4, offset + 8 + length) !== readU32BE(bytes, offset + 8 + length)) {
      throw new PngError(`chunk ${type} has a wrong CRC`);
    }
    offset += 12 + length;
    if (first !== (type === 'IHDR')) throw new PngError('IHDR must be the first chunk, and only once');
    first = false;
    if (type === 'IHDR') {
      if (length !== 13) throw new PngError('IHDR has the wrong size');
      width = readU32BE(data, 0);
      height = readU32BE(data, 4);
      colorType = data[9]!;
      if (width === 0 || height === 0 || width * height > MAX_PNG_PIXELS) throw new PngError('unsupported image size');
      if (data[8] !== 8 || (colorType !== 2 && colorType !== 6)) {
        throw new PngError('only 8-bit RGB or RGBA images can carry a project');
      }
      if (data[10] !== 0 || data[11] !== 0 || data[12] !== 0)
        throw new PngError('unsupported compression or interlacing');
    } else if (type === 'IDAT') {
      if (idatDone) throw new PngError('IDAT chunks must be consecutive');
      idat.push(data);
    } else {
      if (idat.length > 0) idatDone = true;
      if (type === 'IEND') ended = true;
      else if (type === 'PLTE') continue;
      else if (type.charCodeAt(0) < 97) throw new PngError(`unknown critical chunk ${type}`);
    }
  }
  if (idat.length === 0) throw new PngError('no image data');
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const expected = (stride + 1) * height;
  let compressed: Uint8Array;
  if (idat.length === 1) compressed = idat[0]!;
  else {
    compressed = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
    let at = 0;
    for (const d of idat) {
      compressed.set(d, at);
      at += d.length;
    }
  }
  let raw: Uint8Array;
  try {
    // One spare byte: fflate stops silently at the end of `out`, so a full buffer means too much data.
    raw = unzlibSync(compressed, { out: new Uint8Array(expected + 1) });
  } catch (error) {
    throw new PngError(`the image data is damaged (${error instanceof Error ? error.message : String(error)})`);
  }
  if (raw.length !== expected) throw new PngError('the image data has the wrong size');
  return unfilter(raw, width, height, channels);
}

function unfilter(raw: Uint8Array, width: number, height: number, channels: number): RgbaImage {
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]!;
    const inRow = y * (stride + 1) + 1;
    const outRow = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[inRow + i]!;
      const a = i >= channels ? rows[outRow + i - channels]! : 0;
      const b = y > 0 ? rows[outRow - stride + i]! : 0;
      const c = y > 0 && i >= channels ? rows[outRow - stride + i - channels]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4:
          v = x + paeth(a, b, c);
          break;
        default:
          throw new PngError(`unknown row filter ${type}`);
      }
      rows[outRow + i] = v & 0xff;
    }
  }
  if (channels === 4) return { width, height, data: rows };
  const image = createImage(width, height);
  for (let p = 0, q = 0; p < rows.length; p += 3, q += 4) {
    image.data[q] = rows[p]!;
    image.data[q + 1] = rows[p + 1]!;
    image.data[q + 2] = rows[p + 2]!;
    image.data[q + 3] = 255;
  }
  return image;
}

// Exported for tests that build PNGs with other chunk layouts.
export { chunk as pngChunk };
