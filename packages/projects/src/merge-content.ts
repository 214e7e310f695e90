/**
 * Three-way merge of two edits of the same project, one whole file (and the name) at a time.
 * When two tabs changed different things (one renamed, the other edited main.ts) both changes
 * are kept; when both changed the same file differently, it is a real conflict and the learner
 * chooses. Nothing is ever merged inside a file: a half-merged program is worse than a question.
 */
import type { ProjectFiles } from './project.ts';

export interface ProjectContent {
  readonly name: string;
  readonly files: ProjectFiles;
}

export type MergeResult =
  | { status: 'merged'; content: ProjectContent }
  /** `conflicts` names what both sides changed differently: file names, and 'name' for the name. */
  | { status: 'conflict'; conflicts: string[] };

function pick<T>(base: T | undefined, mine: T | undefined, theirs: T | undefined): { value: T | undefined } | null {
  if (mine === theirs) return { value: mine };
  if (mine === base) return { value: theirs };
  if (theirs === base) return { value: mine };
  return null;
}

export function mergeContent(base: ProjectContent, mine: ProjectContent, theirs: ProjectContent): MergeResult {
  const conflicts: string[] = [];
  const name = pick(base.name, mine.name, theirs.name);
  if (!name) conflicts.push('name');
  const files = new Map<string, string>();
  const names = new Set([...Object.keys(base.files), ...Object.keys(mine.files), ...Object.keys(theirs.files)]);
  for (const fileName of [...names].sort()) {
    const merged = pick(base.files[fileName], mine.files[fileName], theirs.files[fileName]);
    if (!merged) conflicts.push(fileName);
    else if (merged.value !== undefined) files.set(fileName, merged.value);
  }
  if (conflicts.length > 0) return { status: 'conflict', conflicts };
  return { status: 'merged', content: { name: name?.value ?? mine.name, files: Object.fromEntries(files) } };
}

export function sameContent(a: ProjectContent, b: ProjectContent): boolean {
  if (a.name !== b.name) return false;
  const keys = Object.keys(a.files);
  return (
    keys.length === Object.keys(b.files).length &&
    keys.every((k) => Object.hasOwn(b.files, k) && a.files[k] === b.files[k])
  );
}
