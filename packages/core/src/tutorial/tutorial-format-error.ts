/** The one message spec 001 §8 gives for markdown that cannot be a tutorial. */
export const INVALID_TUTORIAL_FORMAT = 'Invalid tutorial format';

export type TutorialProblem = 'empty' | 'too-big' | 'binary' | 'no-steps';

/**
 * Thrown by `parseTutorial` for what cannot be a tutorial. The message is always the spec's;
 * `problem` says why, so the editor can explain it in plain words.
 */
export class TutorialFormatError extends Error {
  override readonly name = 'TutorialFormatError';
  constructor(readonly problem: TutorialProblem) {
    super(INVALID_TUTORIAL_FORMAT);
  }
}

export function isTutorialFormatError(error: unknown): error is TutorialFormatError {
  return error instanceof TutorialFormatError;
}
