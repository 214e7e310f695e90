import { type CooperativeOptions } from '../compression/cooperative.ts';
import { encodeLzmaAsync } from '../compression/lzma.ts';
import { encodeLzma } from '../compression/lzma-encoder.ts';
import { FormatError, type FormatErrorCode } from '../formats/format-error.ts';
import { decodeUtf8, encodeModifiedUtf8, encodeUtf8 } from '../formats/utf8.ts';
import { parseProjectConfig } from '../project/project-config.ts';
import { editorFor, PROJECT_FILE, toProjectFiles, type ProjectFiles } from '../project/project-files.ts';
import { TARGET_ID, TARGET_VERSION } from '../project/versions.ts';
import type { ReadOptions } from '../project/loaded-project.ts';
import { unpackProjectText } from '../project/unpack-project-text.ts';
import type { RawEmbeddedSource } from './source-embedding.ts';

/**
 * What a .hex/.uf2 carries after the binary header, the way MakeCode writes it (so MakeCode opens
 * our files and we open theirs):
 *
 * - meta (uncompressed UTF-8 JSON): {"compression":"LZMA","headerSize":H,"textSize":T,"name":…,
 *   "eURL":…,"eVER":…,"pxtTarget":"microbit"}
 * - text: LZMA ("alone" format, level 7) of the string `header + files` in modified UTF-8 (as
 *   LZMA-JS writes and expects it, see encodeModifiedUtf8), where `header` is H
 *   UTF-16 code units of JSON ({name, comment, status, cloudId, editor, targetVersions}) and
 *   `files` is the JSON map of file name to content.
 *
 * Text without compression is read as the files map alone (other tools write that).
 */

export interface EmbeddedProject {
  files: ProjectFiles;
  /** The project header (name, editor, targetVersions, …) when the text had one. */
  header: Readonly<Record<string, unknown>> | null;
  /** The uncompressed meta JSON as read. */
  meta: Readonly<Record<string, unknown>>;
}

export interface EmbedOptions {
  /** meta.eURL: the editor that wrote the file (the web app passes its own address). */
  editorUrl?: string;
  /** LZMA level, 1-9; 7 by default (spec 000 §9). */
  level?: number;
}

interface PreparedEmbedding {
  meta: Uint8Array;
  plain: Uint8Array;
}

function prepare(files: ProjectFiles): { headerText: string; programText: string; name: string } {
  let name = 'Untitled';
  let description = '';
  let targetVersions: Readonly<Record<string, string>> = { target: TARGET_VERSION, targetId: TARGET_ID };
  let preferredEditor: string | undefined;
  const configText = files[PROJECT_FILE.config];
  if (configText !== undefined) {
    const config = parseProjectConfig(configText);
    name = config.name;
    description = config.description ?? '';
    if (config.targetVersions) targetVersions = config.targetVersions;
    preferredEditor = config.preferredEditor;
  }
  const headerText = JSON.stringify({
    name,
    comment: description,
    status: 'unpublished',
    cloudId: `pxt/${TARGET_ID}`,
    editor: editorFor(files, preferredEditor),
    targetVersions,
  });
  return { headerText, programText: JSON.stringify(files), name };
}

function metaFor(headerText: string, programText: string, name: string, options: EmbedOptions): Uint8Array {
  return encodeUtf8(
    JSON.stringify({
      compression: 'LZMA',
      headerSize: headerText.length,
      textSize: programText.length,
      name,
      eURL: options.editorUrl ?? '',
      eVER: TARGET_VERSION,
      pxtTarget: TARGET_ID,
    }),
  );
}

function prepareEmbedding(files: ProjectFiles, options: EmbedOptions): PreparedEmbedding {
  const { headerText, programText, name } = prepare(files);
  return { meta: metaFor(headerText, programText, name, options), plain: encodeModifiedUtf8(headerText + programText) };
}

/** The meta and compressed text for a project (throws FormatError if its pxt.json is broken). */
export function encodeEmbeddedProject(
  files: ProjectFiles,
  options: EmbedOptions = {},
): { meta: Uint8Array; text: Uint8Array } {
  const { meta, plain } = prepareEmbedding(files, options);
  return { meta, text: encodeLzma(plain, { level: options.level }) };
}

/** As encodeEmbeddedProject, yielding to the scheduler about every 200 ms while compressing. */
export async function encodeEmbeddedProjectAsync(
  files: ProjectFiles,
  options: EmbedOptions & CooperativeOptions = {},
): Promise<{ meta: Uint8Array; text: Uint8Array }> {
  const { meta, plain } = prepareEmbedding(files, options);
  return { meta, text: await encodeLzmaAsync(plain, { ...options, level: options.level }) };
}

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Decodes meta + text found in a container. `invalid` is the container's "not valid" code; an
 * unknown compression gives 'Compression type {x} not supported.'.
 */
export function decodeEmbeddedProject(
  raw: RawEmbeddedSource,
  invalid: FormatErrorCode,
  options: ReadOptions = {},
): EmbeddedProject {
  const meta = parseJsonObject(decodeUtf8(raw.meta));
  if (!meta) throw new FormatError(invalid, {}, 'the embedded source header is not a JSON object');
  const compression = meta.compression;
  if (compression === undefined || compression === null || compression === '') {
    const files = filesFrom(parseJsonValue(decodeUtf8(raw.text, { modified: true })), invalid);
    return { files, header: null, meta };
  }
  if (compression !== 'LZMA') {
    const type = typeof compression === 'string' ? compression : JSON.stringify(compression);
    throw new FormatError('compression-unsupported', { type });
  }
  const plain = decodeUtf8(unpackProjectText(raw.text, invalid, options), { modified: true });
  if (plain === null) throw new FormatError(invalid, {}, 'the embedded source is not UTF-8 text');
  const size = meta.headerSize ?? meta.metaSize ?? meta.headerLength ?? 0;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > plain.length) {
    throw new FormatError(invalid, {}, 'the embedded source header size is wrong');
  }
  let header: Record<string, unknown> | null = null;
  if (size > 0) {
    header = parseJsonObject(plain.slice(0, size));
    if (!header) throw new FormatError(invalid, {}, 'the embedded project header is not a JSON object');
  }
  const files = filesFrom(parseJsonValue(plain.slice(size)), invalid);
  return { files, header, meta };
}

function parseJsonValue(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function filesFrom(value: unknown, invalid: FormatErrorCode): ProjectFiles {
  const result = toProjectFiles(value);
  if ('problem' in result) throw new FormatError(invalid, {}, result.problem);
  return result.files;
}
