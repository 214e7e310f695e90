// What changed in each file of a project before it is committed: a line diff with 3 lines of
// context (spec 000 §9 "Diff defaults"). Files past the size limits are not diffed; the view
// says 'Too many differences to render diff.' (spec 000 §8).
import { structuredPatch } from 'diff';

/** Spec 000 §9: diffs of files up to 1024 lines, patches up to 2048 lines, 3 lines of context. */
export const DIFF_MAX_LINES = 1024;
export const DIFF_MAX_PATCH_LINES = 2048;
export const DIFF_CONTEXT = 3;
export const TOO_MANY_DIFFERENCES = 'Too many differences to render diff.';

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** Line numbers in the old and the new file (absent on the side that lacks the line). */
  oldLine?: number;
  newLine?: number;
}

export type FileDiff =
  | { path: string; status: 'added' | 'removed' | 'changed'; tooBig: false; hunks: DiffLine[][] }
  | { path: string; status: 'added' | 'removed' | 'changed'; tooBig: true };

const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length);

/** The diff of one file; `before` or `after` undefined means added or removed. */
export function diffFile(path: string, before: string | undefined, after: string | undefined): FileDiff | undefined {
  if (before === after) return undefined;
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  const a = before ?? '';
  const b = after ?? '';
  if (lineCount(a) > DIFF_MAX_LINES || lineCount(b) > DIFF_MAX_LINES) return { path, status, tooBig: true };
  const patch = structuredPatch(path, path, a, b, '', '', { context: DIFF_CONTEXT });
  const patchLines = patch.hunks.reduce((n, hunk) => n + hunk.lines.length, 0);
  if (patchLines > DIFF_MAX_PATCH_LINES) return { path, status, tooBig: true };
  const hunks = patch.hunks.map((hunk) => {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const text = raw.slice(1);
      if (sign === '\\') continue; // "\ No newline at end of file"
      if (sign === '+') lines.push({ kind: 'added', text, newLine: newLine++ });
      else if (sign === '-') lines.push({ kind: 'removed', text, oldLine: oldLine++ });
      else lines.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
    return lines;
  });
  return { path, status, tooBig: false, hunks };
}

/** The diff of every file that differs between two versions of a project, by path. */
export function diffProject(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): FileDiff[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return paths.flatMap((path) => diffFile(path, before[path], after[path]) ?? []);
}
