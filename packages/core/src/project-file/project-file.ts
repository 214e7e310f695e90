import type { CooperativeOptions } from '../compression/cooperative.ts';
import { guardReader } from '../formats/format-error.ts';
import { finishRead, type LoadedProject, type ReadOptions } from '../project/loaded-project.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import {
  decodeCompressedProject,
  encodeCompressedProject,
  encodeCompressedProjectAsync,
  type CompressedProjectOptions,
} from './compressed-project.ts';
import { encodeUtf8 } from '../formats/utf8.ts';

/** A .json project file: the files map as JSON, 2-space indented, final newline. */
export function writeProjectJson(files: ProjectFiles): string {
  return JSON.stringify(files, null, 2) + '\n';
}

/** A .mkcd project file: MakeCode's compressed project (opens in MakeCode too). */
export function writeProjectMkcd(files: ProjectFiles, options: CompressedProjectOptions = {}): Uint8Array {
  return encodeCompressedProject(files, options);
}

export function writeProjectMkcdAsync(
  files: ProjectFiles,
  options: CompressedProjectOptions & CooperativeOptions = {},
): Promise<Uint8Array> {
  return encodeCompressedProjectAsync(files, options);
}

/**
 * Reads .mkcd or .json: compressed or plain, `{meta, source}` or a bare files map. Errors: "This
 * project file is not valid." and the pxt.json messages.
 */
export function readProjectFileContents(
  bytes: Uint8Array,
  format: 'mkcd' | 'json',
  options: ReadOptions = {},
): LoadedProject {
  return guardReader('project-file-invalid', () => {
    const { files, meta } = decodeCompressedProject(bytes, 'project-file-invalid', options);
    return finishRead(format, files, 'project-file-invalid', { header: meta }, options);
  });
}

/** The bytes of writeProjectJson, for callers that save bytes. */
export function projectJsonBytes(files: ProjectFiles): Uint8Array {
  return encodeUtf8(writeProjectJson(files));
}
