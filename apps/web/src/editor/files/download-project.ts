// Download: the project as a file, compressed cooperatively so the page stays responsive. Three
// kinds, each with the source embedded in MakeCode's layout (readable by MakeCode and our Import):
// - .hex, for the micro:bit (and, once the native back end lands, with a program it can run);
// - .png, a picture of the board with the project hidden in it (a project opened from a PNG can
//   be saved back as one);
// - .mkcd, MakeCode's project file.
//
// Whether a .hex can run on the board is read from the bytes themselves: our writer puts the
// empty-program marker (@blockyard/core) where the program goes until the device firmware exists.
// When the native back end writes a real program, `runnable` turns true by itself and the editor
// shows the steps to the MICROBIT drive instead of "this file cannot run yet".

import {
  type Clock,
  decodeBase64,
  decodePng,
  hasEmptyProgramMarker,
  parseIntelHex,
  type RgbaImage,
  schedulerFromClock,
  writeProjectAsync,
} from '@blockyard/core';
import { filesForExport } from '../../projects/export-files.ts';

export type DownloadFormat = 'hex' | 'png' | 'mkcd';

export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['hex', 'png', 'mkcd'];

const MIME_TYPES: Readonly<Record<DownloadFormat, string>> = {
  hex: 'application/octet-stream',
  png: 'image/png',
  mkcd: 'application/octet-stream',
};

/** What Download hands to the browser, and what the editor tells the learner about it. */
export interface ProjectDownload {
  readonly format: DownloadFormat;
  readonly fileName: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
  /**
   * True when the file holds a program the board can run (copy it to the MICROBIT drive);
   * false when it only carries the project's source (today's .hex, and every .png and .mkcd).
   */
  readonly runnable: boolean;
}

export interface DownloadInput {
  name: string;
  files: Readonly<Record<string, string>>;
  /** The project's thumbnail (a PNG data URL): the picture a .png download shows. */
  thumbnail?: string | undefined;
}

/** A file name a learner recognises, safe on every system: "My game.hex". */
export function downloadFileName(name: string, format: DownloadFormat): string {
  const safe =
    name
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '') || 'project';
  return `${safe}.${format}`;
}

/** Whether an Intel HEX file holds a device program (not our empty-program marker). */
export function hexHoldsProgram(bytes: Uint8Array): boolean {
  try {
    return !parseIntelHex(bytes).sections.some((section) => hasEmptyProgramMarker(section.segments));
  } catch {
    return false;
  }
}

/** The thumbnail as an image for the PNG, or undefined (the writer then draws a board). */
function thumbnailImage(thumbnail: string | undefined): RgbaImage | undefined {
  const prefix = 'data:image/png;base64,';
  if (!thumbnail?.startsWith(prefix)) return undefined;
  try {
    const bytes = decodeBase64(thumbnail.slice(prefix.length));
    return bytes ? decodePng(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the file for `format`. Throws FormatError when the project cannot be written. */
export async function buildProjectDownload(
  input: DownloadInput,
  format: DownloadFormat,
  clock: Clock,
  editorUrl: string,
): Promise<ProjectDownload> {
  const files = filesForExport(input.name, input.files);
  const scheduler = schedulerFromClock(clock);
  const screenshot = format === 'png' ? thumbnailImage(input.thumbnail) : undefined;
  const bytes = await writeProjectAsync(files, format, {
    scheduler,
    editorUrl,
    ...(screenshot ? { screenshot } : {}),
  });
  return {
    format,
    fileName: downloadFileName(input.name, format),
    mimeType: MIME_TYPES[format],
    bytes,
    runnable: format === 'hex' && hexHoldsProgram(bytes),
  };
}
