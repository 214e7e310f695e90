// Pulling a project: each file is merged from three versions (the last one both sides agreed on,
// this project's and the repository's). Clashing lines are kept with conflict markers.
import { merge } from 'node-diff3';

export interface MergedFiles {
  files: Record<string, string>;
  /** Paths whose text has conflict markers to settle. */
  conflicts: string[];
}

/** Labels on the markers, so the learner can tell the sides apart. */
export const OURS_LABEL = 'this project';
export const THEIRS_LABEL = 'GitHub';

export function mergeProjectFiles(
  base: Readonly<Record<string, string>>,
  ours: Readonly<Record<string, string>>,
  theirs: Readonly<Record<string, string>>,
): MergedFiles {
  const files: Record<string, string> = {};
  const conflicts: string[] = [];
  const paths = [...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])].sort();
  for (const path of paths) {
    const o = base[path];
    const a = ours[path];
    const b = theirs[path];
    if (a === b) {
      if (a !== undefined) files[path] = a;
    } else if (a === o) {
      if (b !== undefined) files[path] = b; // only the repository changed it
    } else if (b === o) {
      if (a !== undefined) files[path] = a; // only this project changed it
    } else if (a === undefined || b === undefined) {
      files[path] = (a ?? b)!; // removed on one side, edited on the other: the edit is kept
    } else {
      const result = merge(a.split('\n'), (o ?? '').split('\n'), b.split('\n'), {
        label: { a: OURS_LABEL, b: THEIRS_LABEL },
      }) as { conflict: boolean; result: string[] };
      files[path] = result.result.join('\n');
      if (result.conflict) conflicts.push(path);
    }
  }
  return { files, conflicts };
}
