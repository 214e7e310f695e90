/** An RGBA image with 8 bits per channel, rows top to bottom (the layout of canvas ImageData). */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export function createImage(width: number, height: number): { width: number; height: number; data: Uint8Array } {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

/**
 * Resizes by `factor` with nearest-neighbour sampling (crisp pixels for an LED screenshot), at
 * least 1x1. Factors below 1 shrink.
 */
export function scaleImage(image: RgbaImage, factor: number): RgbaImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  if (width === image.width && height === image.height) return image;
  const out = createImage(width, height);
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height);
  const dst = new Uint32Array(out.data.buffer);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.floor((y * image.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor((x * image.width) / width));
      dst[y * width + x] = src[sy * image.width + sx]!;
    }
  }
  return out;
}
