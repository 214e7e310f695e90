import { readU32LE, writeU32LE } from '../formats/bytes.ts';
import { createImage, type RgbaImage } from './rgba-image.ts';

/**
 * MakeCode's layout for bytes hidden in an image (so our PNG projects open in MakeCode and theirs
 * in Blockyard):
 *
 * - The red, green and blue least significant bits of pixel 0 hold `bpp` (1-4), the number of low
 *   bits used in every colour channel of the following pixels. Alpha carries nothing and is 255.
 * - From pixel 1, a 36-byte header of nine u32 LE: magic 0x59347A7D, blob length, added lines,
 *   then zeros. Then the blob. Bits are taken least significant first.
 * - If even 4 bits per channel are not enough, rows are added below the picture and the rest of
 *   the blob fills them at 8 bits per channel.
 */
export const IMAGE_BLOB_MAGIC = 0x59347a7d;
const IMAGE_BLOB_HEADER_SIZE = 36;
const MAX_EMBED_BPP = 4;

export class BlobImageError extends Error {
  override readonly name = 'BlobImageError';
  constructor(
    message: string,
    /** True when the image has a valid layout but not our magic number. */
    readonly wrongMagic = false,
  ) {
    super(message);
  }
}

function writeBits(pixels: Uint8Array, start: number, bpp: number, bytes: Uint8Array): number {
  const mask = (1 << bpp) - 1;
  let ptr = start;
  let acc = 0;
  let accBits = 0;
  let i = 0;
  while (i < bytes.length || accBits > 0) {
    if (accBits < bpp && i < bytes.length) {
      acc |= bytes[i++]! << accBits;
      accBits += 8;
    }
    pixels[ptr] = (pixels[ptr]! & ~mask) | (acc & mask);
    acc >>>= bpp;
    accBits = Math.max(0, accBits - bpp);
    ptr++;
    if ((ptr & 3) === 3) ptr++;
  }
  return ptr;
}

function readBits(pixels: Uint8Array, start: number, bpp: number, target: Uint8Array): number {
  const mask = (1 << bpp) - 1;
  let ptr = start;
  let acc = 0;
  let accBits = 0;
  let i = 0;
  while (i < target.length) {
    if (ptr >= pixels.length) throw new BlobImageError('the image ends before the hidden data');
    acc |= (pixels[ptr++]! & mask) << accBits;
    if ((ptr & 3) === 3) ptr++;
    accBits += bpp;
    if (accBits >= 8) {
      target[i++] = acc & 0xff;
      acc >>>= 8;
      accBits -= 8;
    }
  }
  return ptr;
}

/** Pixels an image needs so the header fits in the picture at 4 bits per channel (1 + 24). */
export const MIN_CARRIER_PIXELS = 25;

/**
 * A copy of `image` (taller if needed) carrying `blob`, with every alpha set to 255. The picture
 * must have at least MIN_CARRIER_PIXELS pixels: the header never goes into added rows.
 */
export function embedBlobInImage(image: RgbaImage, blob: Uint8Array): RgbaImage {
  if (image.width * image.height < MIN_CARRIER_PIXELS) {
    throw new RangeError(`An image of ${image.width}x${image.height} pixels is too small to carry a project.`);
  }
  const needed = IMAGE_BLOB_HEADER_SIZE + blob.length;
  const usable = (image.width * image.height - 1) * 3;
  let bpp = 1;
  while (bpp < MAX_EMBED_BPP && usable * bpp < needed * 8) bpp++;
  const capacity = Math.floor((usable * bpp) / 8);
  const missing = needed - capacity;
  const addedLines = missing > 0 ? Math.ceil(missing / (image.width * 3)) : 0;
  const out = createImage(image.width, image.height + addedLines);
  out.data.set(image.data);
  const header = new Uint8Array(IMAGE_BLOB_HEADER_SIZE);
  writeU32LE(header, 0, IMAGE_BLOB_MAGIC);
  writeU32LE(header, 4, blob.length);
  writeU32LE(header, 8, addedLines);
  for (let c = 0; c < 3; c++) out.data[c] = (out.data[c]! & ~1) | ((bpp >> c) & 1);
  const ptr = writeBits(out.data, 4, bpp, header);
  if (addedLines === 0) {
    writeBits(out.data, ptr, bpp, blob);
  } else {
    const first = capacity - IMAGE_BLOB_HEADER_SIZE;
    writeBits(out.data, ptr, bpp, blob.subarray(0, first));
    writeBits(out.data, image.width * image.height * 4, 8, blob.subarray(first));
  }
  for (let a = 3; a < out.data.length; a += 4) out.data[a] = 255;
  return out;
}

/** The bytes hidden by embedBlobInImage (or by MakeCode). Throws BlobImageError. */
export function extractBlobFromImage(image: RgbaImage): Uint8Array {
  const d = image.data;
  const bpp = (d[0]! & 1) | ((d[1]! & 1) << 1) | ((d[2]! & 1) << 2);
  if (bpp === 0 || bpp > 5) throw new BlobImageError(`pixel 0 announces ${bpp} bits per channel`);
  const header = new Uint8Array(IMAGE_BLOB_HEADER_SIZE);
  const ptr = readBits(d, 4, bpp, header);
  if (readU32LE(header, 0) !== IMAGE_BLOB_MAGIC) throw new BlobImageError('the hidden header has no magic', true);
  const length = readU32LE(header, 4);
  const addedLines = readU32LE(header, 8);
  if (addedLines === 0) {
    const channelsLeft = ((d.length - ptr) / 4) * 3;
    if (length * 8 > channelsLeft * bpp) throw new BlobImageError('the hidden data is longer than the image');
    const blob = new Uint8Array(length);
    readBits(d, ptr, bpp, blob);
    return blob;
  }
  if (addedLines >= image.height) throw new BlobImageError('more added lines than the image has');
  const originalPixels = (image.height - addedLines) * image.width;
  const first = Math.floor(((originalPixels - 1) * 3 * bpp) / 8) - IMAGE_BLOB_HEADER_SIZE;
  const rest = length - first;
  if (first < 0 || rest <= 0 || rest > addedLines * image.width * 3) {
    throw new BlobImageError('the hidden data does not fit the added lines');
  }
  const blob = new Uint8Array(length);
  readBits(d, ptr, bpp, blob.subarray(0, first));
  readBits(d, originalPixels * 4, 8, blob.subarray(first));
  return blob;
}
