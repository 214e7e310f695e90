// Download: the project as a file, compressed cooperatively so the page stays responsive. Three
// kinds, each with the source embedded in MakeCode's layout (readable by MakeCode and our Import):
// - .hex, for the micro:bit: the program compiled for the board (by the compiler worker, see
//   `DeviceImageBuilder`) with the firmware for V1 and V2, in one Universal Hex;
// - .png, a picture of the board with the project hidden in it (a project opened from a PNG can
//   be saved back as one);
// - .mkcd, MakeCode's project file.
//
// A Download never fails for want of a program: when the board cannot run the program (a call it
// has no code for yet, too big, the firmware would not load), the .hex is today's source-only one
// (the empty-program marker of @blockyard/core where the program goes) and `note` says why.
// `runnable` is read from the bytes themselves, so it cannot claim a program the file lacks.

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
import type { DeviceBuildOutcome, DeviceBuildRequest, ProgramSize, UnsupportedPlace } from '@blockyard/compiler-worker';
import { filesForExport } from '../../projects/export-files.ts';
import { programFiles } from '../session/project-files.ts';

export type DownloadFormat = 'hex' | 'png' | 'mkcd';

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
  /** A runnable .hex: how much of the V1 program space (the smaller one) the program takes. */
  readonly size?: ProgramSize;
  /** A .hex that is not runnable: why (the file then holds the project's source only). */
  readonly note?: DownloadNote;
}

export type DownloadNote =
  /** `calls` once each; `places` every use with its position (to point at the block). */
  | { kind: 'unsupported'; calls: readonly string[]; places: readonly UnsupportedPlace[] }
  | { kind: 'tooBig'; board: string; message: string }
  | { kind: 'notBuilt'; reason: string };

/** Builds the device image off the page (the compiler worker's `device` request). */
export type DeviceImageBuilder = (request: DeviceBuildRequest) => Promise<DeviceBuildOutcome>;

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

/** The note for an outcome that gave no image. */
function noteFor(outcome: Exclude<DeviceBuildOutcome, { kind: 'runnable' }>): DownloadNote {
  switch (outcome.kind) {
    case 'unsupported':
      return { kind: 'unsupported', calls: outcome.calls, places: outcome.places };
    case 'tooBig':
      return { kind: 'tooBig', board: outcome.board, message: outcome.message };
    default:
      return { kind: 'notBuilt', reason: outcome.reason };
  }
}

/** The device image for a .hex download, or the note saying why there is none (never throws). */
async function deviceHex(
  device: DeviceImageBuilder,
  request: DeviceBuildRequest,
): Promise<{ bytes: Uint8Array; size: ProgramSize } | { note: DownloadNote }> {
  let outcome: DeviceBuildOutcome;
  try {
    outcome = await device(request);
  } catch (error) {
    return { note: { kind: 'notBuilt', reason: error instanceof Error ? error.message : String(error) } };
  }
  if (outcome.kind !== 'runnable') return { note: noteFor(outcome) };
  const bytes = new TextEncoder().encode(outcome.hex);
  // Trust the bytes, not the answer: a file without the program is not offered as runnable.
  if (!hexHoldsProgram(bytes)) return { note: { kind: 'notBuilt', reason: 'the program was missing from the file' } };
  return { bytes, size: outcome.v1 };
}

/**
 * Builds the file for `format`. Throws FormatError when the project cannot be written. A .hex
 * holds the program when `device` builds one; otherwise it holds the source only, with a note.
 */
export async function buildProjectDownload(
  input: DownloadInput,
  format: DownloadFormat,
  clock: Clock,
  editorUrl: string,
  device?: DeviceImageBuilder,
): Promise<ProjectDownload> {
  const files = filesForExport(input.name, input.files);
  let note: DownloadNote | undefined;
  if (format === 'hex' && device) {
    const built = await deviceHex(device, {
      files: programFiles(input.files),
      project: files,
      name: input.name,
      editorUrl,
    });
    if ('bytes' in built)
      return {
        format,
        fileName: downloadFileName(input.name, format),
        mimeType: MIME_TYPES[format],
        bytes: built.bytes,
        runnable: true,
        size: built.size,
      };
    note = built.note;
  }
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
    ...(note ? { note } : {}),
  };
}
