import type { CooperativeOptions } from '../compression/cooperative.ts';
import { encodeLzmaAsync } from '../compression/lzma.ts';
import { encodeLzma } from '../compression/lzma-encoder.ts';
import { FormatError, type FormatErrorCode } from '../formats/format-error.ts';
import { decodeUtf8, encodeModifiedUtf8 } from '../formats/utf8.ts';
import { parseProjectConfig } from '../project/project-config.ts';
import { editorFor, PROJECT_FILE, toProjectFiles, type ProjectFiles } from '../project/project-files.ts';
import { TARGET_ID, TARGET_VERSION } from '../project/versions.ts';
import type { ReadOptions } from '../project/loaded-project.ts';
import { formatSize, MAX_PROJECT_TEXT_BYTES } from '../project/project-limits.ts';
import { unpackProjectText } from '../project/unpack-project-text.ts';

/**
 * MakeCode's "compressed project", the payload of .mkcd files and of projects saved inside PNG
 * images: LZMA (level 7) of the modified-UTF-8 JSON
 *
 *   { "meta": { "cloudId", "targetVersions", "editor", "name" }, "source": "<files map as JSON>" }
 *
 * Reading also accepts that JSON uncompressed, and a bare files map.
 */

export interface CompressedProjectOptions {
  level?: number;
}

function projectJson(files: ProjectFiles): string {
  let name = 'Untitled';
  let targetVersions: Readonly<Record<string, string>> = { target: TARGET_VERSION, targetId: TARGET_ID };
  let preferredEditor: string | undefined;
  const configText = files[PROJECT_FILE.config];
  if (configText !== undefined) {
    const config = parseProjectConfig(configText);
    name = config.name;
    if (config.targetVersions) targetVersions = config.targetVersions;
    preferredEditor = config.preferredEditor;
  }
  const meta = { cloudId: `pxt/${TARGET_ID}`, targetVersions, editor: editorFor(files, preferredEditor), name };
  return JSON.stringify({ meta, source: JSON.stringify(files, null, 2) }, null, 2);
}

export function encodeCompressedProject(files: ProjectFiles, options: CompressedProjectOptions = {}): Uint8Array {
  return encodeLzma(encodeModifiedUtf8(projectJson(files)), options);
}

export async function encodeCompressedProjectAsync(
  files: ProjectFiles,
  options: CompressedProjectOptions & CooperativeOptions = {},
): Promise<Uint8Array> {
  return encodeLzmaAsync(encodeModifiedUtf8(projectJson(files)), options);
}

export interface DecodedProjectJson {
  files: ProjectFiles;
  meta: Readonly<Record<string, unknown>> | null;
}

function firstNonBlank(bytes: Uint8Array): number | undefined {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i];
}

/** Decodes a compressed project or its JSON forms; every problem is a FormatError with `invalid`. */
export function decodeCompressedProject(
  bytes: Uint8Array,
  invalid: FormatErrorCode,
  options: ReadOptions = {},
): DecodedProjectJson {
  let plain = bytes;
  if (firstNonBlank(bytes) !== 0x7b) plain = unpackProjectText(bytes, invalid, options);
  else if (bytes.length > MAX_PROJECT_TEXT_BYTES) {
    throw new FormatError('project-too-big', { limit: formatSize(MAX_PROJECT_TEXT_BYTES) }, `${bytes.length} bytes`);
  }
  let text = decodeUtf8(plain, { modified: true });
  if (text === null) throw new FormatError(invalid, {}, 'the project is not UTF-8 text');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return projectFromJson(text, invalid);
}

/** `{meta, source}` or a bare files map, from JSON text. */
function projectFromJson(text: string, invalid: FormatErrorCode): DecodedProjectJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FormatError(invalid, {}, error instanceof Error ? error.message : String(error));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FormatError(invalid, {}, 'the project is not a JSON object');
  }
  const record = value as Record<string, unknown>;
  let meta: Record<string, unknown> | null = null;
  let filesValue: unknown = record;
  if (typeof record.source === 'string' && !Object.hasOwn(record, PROJECT_FILE.config)) {
    if (record.meta !== undefined) {
      if (typeof record.meta !== 'object' || record.meta === null || Array.isArray(record.meta)) {
        throw new FormatError(invalid, {}, 'the project meta is not an object');
      }
      meta = record.meta as Record<string, unknown>;
    }
    try {
      filesValue = JSON.parse(record.source);
    } catch (error) {
      throw new FormatError(invalid, {}, error instanceof Error ? error.message : String(error));
    }
  }
  const result = toProjectFiles(filesValue);
  if ('problem' in result) throw new FormatError(invalid, {}, result.problem);
  return { files: result.files, meta };
}
