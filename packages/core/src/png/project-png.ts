import type { CooperativeOptions } from '../compression/cooperative.ts';
import { dataUrlLength } from '../formats/base64.ts';
import { FormatError, guardReader } from '../formats/format-error.ts';
import { finishRead, type LoadedProject, type ReadOptions } from '../project/loaded-project.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import {
  decodeCompressedProject,
  encodeCompressedProject,
  encodeCompressedProjectAsync,
  type CompressedProjectOptions,
} from '../project-file/compressed-project.ts';
import { BlobImageError, embedBlobInImage, extractBlobFromImage, MIN_CARRIER_PIXELS } from './blob-image.ts';
import { defaultScreenshot } from './default-screenshot.ts';
import { decodePng, encodePng, PngError } from './png-codec.ts';
import { scaleImage, type RgbaImage } from './rgba-image.ts';

/** Spec 000 §9: a screenshot PNG is at most 10,000,000 characters as a data URL. */
const PNG_MAX_DATA_URL_LENGTH = 10_000_000;
/** Spec 000 §9: screenshots are taken at pixel density 4 unless that is too big. */
const DEFAULT_PIXEL_DENSITY = 4;

export interface PngWriteOptions extends CompressedProjectOptions {
  /** The simulator screenshot at density 1; a drawn micro:bit with a heart when absent. */
  screenshot?: RgbaImage;
  pixelDensity?: number;
  /** The data URL limit; PNG_MAX_DATA_URL_LENGTH (spec 000 §9) unless a test needs a smaller one. */
  maxDataUrlLength?: number;
}

export interface PngWriteResult {
  bytes: Uint8Array;
  /** The density used: the requested one, halved until the data URL fits. */
  pixelDensity: number;
  width: number;
  height: number;
}

function pngForBlob(blob: Uint8Array, options: PngWriteOptions): PngWriteResult {
  const shot = options.screenshot ?? defaultScreenshot();
  let density = options.pixelDensity ?? DEFAULT_PIXEL_DENSITY;
  for (;;) {
    const scaled = scaleImage(shot, density);
    if (scaled.width * scaled.height < MIN_CARRIER_PIXELS) {
      throw new FormatError(
        'png-too-large',
        {},
        `the PNG does not fit ${options.maxDataUrlLength ?? PNG_MAX_DATA_URL_LENGTH} characters at any size`,
      );
    }
    const image = embedBlobInImage(scaled, blob);
    const bytes = encodePng(image);
    if (dataUrlLength('image/png', bytes.length) <= (options.maxDataUrlLength ?? PNG_MAX_DATA_URL_LENGTH)) {
      return { bytes, pixelDensity: density, width: image.width, height: image.height };
    }
    density /= 2;
  }
}

/**
 * Saves the project inside a PNG of its screenshot (MakeCode's layout, so MakeCode opens it too).
 * The screenshot is scaled by the pixel density, which is halved until the PNG's data URL is at
 * most 10,000,000 characters.
 */
export function writeProjectPng(files: ProjectFiles, options: PngWriteOptions = {}): PngWriteResult {
  return pngForBlob(encodeCompressedProject(files, options), options);
}

export async function writeProjectPngAsync(
  files: ProjectFiles,
  options: PngWriteOptions & CooperativeOptions = {},
): Promise<PngWriteResult> {
  return pngForBlob(await encodeCompressedProjectAsync(files, options), options);
}

/** Reads a project saved in a PNG: 'Invalid encoded PNG format' or 'Invalid magic in encoded PNG' when it has none. */
export function readProjectPng(bytes: Uint8Array, options: ReadOptions = {}): LoadedProject {
  return guardReader('png-invalid-format', () => {
    let blob: Uint8Array;
    try {
      blob = extractBlobFromImage(decodePng(bytes));
    } catch (error) {
      if (error instanceof BlobImageError && error.wrongMagic)
        throw new FormatError('png-invalid-magic', {}, error.message);
      if (error instanceof PngError || error instanceof BlobImageError) {
        throw new FormatError('png-invalid-format', {}, error.message);
      }
      throw error;
    }
    const { files, meta } = decodeCompressedProject(blob, 'png-invalid-format', options);
    return finishRead('png', files, 'png-invalid-format', { header: meta }, options);
  });
}
