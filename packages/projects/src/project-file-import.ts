/**
 * Reading a file the learner dropped on the home screen into projects to create: a JSON map of
 * project files (`.mkcd` / `.json`: `{ "pxt.json": "...", "main.ts": "..." }`) and our own
 * recovery file. Every other format (.hex, .uf2, .png, MakeCode's compressed .mkcd) goes to
 * @blockyard/core's readProject (see apps/web). Either way the files pass core's one check of
 * names and sizes (checkProjectFiles): a file called "../evil.ts" is refused here, at import,
 * not found out later when the project cannot be downloaded.
 */
import { checkProjectFiles, isFormatError, type FormatError, type FormatErrorCode } from '@blockyard/core';
import type { ProjectFiles } from './project.ts';
import { fitProjectName } from './project-name.ts';
import { readFiles } from './project-record.ts';
import { looksLikeRecoveryBundle, readRecoveryBundle } from './recovery-bundle.ts';

/** Bigger files are refused before parsing (a project is text; 20 MB is far beyond any). */
export const MAX_IMPORT_CHARACTERS = 20_000_000;

export interface ImportedProject {
  readonly name: string;
  readonly files: ProjectFiles;
}

/** Why files were refused: core's FormatError code and params (for plain words) and its message. */
interface FilesProblem {
  readonly message: string;
  readonly code: FormatErrorCode;
  readonly params: Readonly<Record<string, string>>;
}

/** A project of a recovery file left out, and why. */
export interface SkippedProject extends FilesProblem {
  readonly name: string;
}

/**
 * - not-a-project: not a format we read (the UI says "This file isn't a Blockyard or MakeCode
 *   project").
 * - too-large: over MAX_IMPORT_CHARACTERS.
 * - empty: a recovery file without one readable project.
 */
export type ImportProblem = 'not-a-project' | 'too-large' | 'empty';

export type ImportResult =
  | { ok: true; projects: ImportedProject[]; skipped?: SkippedProject[] }
  | { ok: false; problem: ImportProblem }
  /** A project we recognise but refuse, and why (core's FormatError). */
  | ({ ok: false; problem: 'format' } & FilesProblem);

/** Core's check of names and sizes (null when the files are fine). */
function filesProblem(files: ProjectFiles): FilesProblem | null {
  try {
    checkProjectFiles(files);
    return null;
  } catch (error) {
    if (!isFormatError(error)) throw error;
    const { message, code, params }: FormatError = error;
    return { message, code, params };
  }
}

const PROJECT_EXTENSIONS = ['.mkcd', '.json'];

function baseName(fileName: string): string {
  const slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  const name = fileName.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

function configName(files: ProjectFiles): string | undefined {
  try {
    const config: unknown = JSON.parse(files['pxt.json'] ?? '');
    const name = (config as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the name of a file suggests a format this module reads. */
function isImportableFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return PROJECT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export function readProjectFile(fileName: string, text: string): ImportResult {
  if (!isImportableFileName(fileName)) return { ok: false, problem: 'not-a-project' };
  if (text.length > MAX_IMPORT_CHARACTERS) return { ok: false, problem: 'too-large' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-a-project' };
  }
  if (looksLikeRecoveryBundle(value)) {
    const { projects } = readRecoveryBundle(value);
    if (projects.length === 0) return { ok: false, problem: 'empty' };
    const kept: ImportedProject[] = [];
    const skipped: SkippedProject[] = [];
    for (const { name, files } of projects) {
      const problem = filesProblem(files);
      if (problem === null) kept.push({ name: fitProjectName(name, 'Untitled'), files });
      else skipped.push({ name, ...problem });
    }
    if (kept.length === 0) {
      const { message, code, params } = skipped[0]!;
      return { ok: false, problem: 'format', message, code, params };
    }
    return skipped.length ? { ok: true, projects: kept, skipped } : { ok: true, projects: kept };
  }
  const files = readFiles(value);
  // A project has its configuration and at least one program file.
  if (
    !files.ok ||
    !Object.hasOwn(files.value, 'pxt.json') ||
    !Object.keys(files.value).some((f) => /\.(ts|blocks|py)$/.test(f))
  )
    return { ok: false, problem: 'not-a-project' };
  const problem = filesProblem(files.value);
  if (problem !== null) return { ok: false, problem: 'format', ...problem };
  const name = fitProjectName(configName(files.value) ?? '', fitProjectName(baseName(fileName), 'Untitled'));
  return { ok: true, projects: [{ name, files: files.value }] };
}
