// Where a learner is in a tutorial, kept as a file of the project (tutorial.json) so it is saved,
// versioned and restored with the code: closing the tab resumes at the same step. The file comes
// from stored or imported projects, so it is checked before use.

export const TUTORIAL_FILE = 'tutorial.json';
/** A teacher's tutorial opened from a file or link: its markdown, kept with the project. */
export const TUTORIAL_SOURCE_FILE = 'tutorial.md';
/** Bigger than any honest progress file; anything larger is ignored. */
const MAX_PROGRESS_CHARS = 2_000;
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface TutorialProgress {
  /**
   * One of our tutorials (content/tutorials/{id}.md), or `file-{hash}` for a teacher's tutorial
   * whose markdown is the project's tutorial.md.
   */
  readonly id: string;
  /** The step shown, from 0. */
  readonly step: number;
  /** The learner reached the end (the celebration was shown). */
  readonly done: boolean;
}

/** The tutorial progress saved in a project's files, or null when there is none or it is damaged. */
export function readTutorialProgress(files: Readonly<Record<string, string>>): TutorialProgress | null {
  const text = files[TUTORIAL_FILE];
  if (text === undefined || text.length > MAX_PROGRESS_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { id, step, done } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !ID.test(id)) return null;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 1000) return null;
  return { id, step, done: done === true };
}

export function tutorialProgressText(progress: TutorialProgress): string {
  return `${JSON.stringify({ id: progress.id, step: progress.step, done: progress.done }, null, 2)}\n`;
}

/** The step to show for `progress` in a tutorial of `stepCount` steps (kept in range). */
export function clampStep(step: number, stepCount: number): number {
  return Math.max(0, Math.min(step, stepCount - 1));
}
