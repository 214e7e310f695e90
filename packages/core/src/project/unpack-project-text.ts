import { decodeLzma, LzmaDataError } from '../compression/lzma-decoder.ts';
import { FormatError, type FormatErrorCode } from '../formats/format-error.ts';
import type { ReadOptions } from './loaded-project.ts';
import { formatSize, MAX_PROJECT_TEXT_BYTES } from './project-limits.ts';

/**
 * Unpacks the LZMA-compressed text of a project (inside .mkcd, .hex, .uf2 and .png files),
 * stopping the moment it passes MAX_PROJECT_TEXT_BYTES: a few kilobytes can unpack to gigabytes.
 * Too big is "This project is too big to open…"; anything else wrong is the format's `invalid`.
 */
export function unpackProjectText(bytes: Uint8Array, invalid: FormatErrorCode, options: ReadOptions = {}): Uint8Array {
  const { onProgress } = options;
  try {
    return decodeLzma(bytes, {
      maxOutputBytes: MAX_PROJECT_TEXT_BYTES,
      ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(done / total) } : {}),
    });
  } catch (error) {
    if (error instanceof LzmaDataError && error.tooLarge) {
      throw new FormatError('project-too-big', { limit: formatSize(MAX_PROJECT_TEXT_BYTES) }, error.message);
    }
    throw new FormatError(invalid, {}, error instanceof Error ? error.message : String(error));
  }
}
