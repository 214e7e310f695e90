/** Project names: what is allowed, how defaults and copies are named. */

export const MAX_PROJECT_NAME_LENGTH = 80;

export type ProjectNameProblem = 'empty' | 'too-long' | 'control-characters';

// C0 and C1 control characters (tabs, newlines, escapes) cannot be shown or typed sensibly.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Trims and collapses inner runs of spaces, so "  My   robot " is stored as "My robot". */
export function normalizeProjectName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Null when the (normalized) name is fine; otherwise what is wrong with it. */
export function checkProjectName(name: string): ProjectNameProblem | null {
  if (CONTROL.test(name.trim())) return 'control-characters';
  const normalized = normalizeProjectName(name);
  if (normalized.length === 0) return 'empty';
  if ([...normalized].length > MAX_PROJECT_NAME_LENGTH) return 'too-long';
  return null;
}

/**
 * `base` if no project uses it yet, else `base 2`, `base 3`, … (case-insensitive), so a new
 * project never looks like a twin of an old one on the home screen.
 */
export function uniqueProjectName(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLocaleLowerCase()));
  const clean = clip(normalizeProjectName(base), '');
  if (!used.has(clean.toLocaleLowerCase())) return clean;
  for (let n = 2; ; n++) {
    const candidate = clip(clean, ` ${n}`);
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** Shortens `base` so that `base + suffix` stays within the length limit. */
function clip(base: string, suffix: string): string {
  const room = MAX_PROJECT_NAME_LENGTH - suffix.length;
  const chars = [...base];
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : base) + suffix;
}

/**
 * Makes any text a valid name: control characters become spaces, spaces are collapsed, the
 * length is clipped; `fallback` when nothing is left. For names the learner did not type
 * (copies, recovered drafts, imports).
 */
export function fitProjectName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = normalizeProjectName(name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' '));
  const fitted = clip(clean, '').trim();
  return fitted.length > 0 ? fitted : normalizeProjectName(fallback);
}
