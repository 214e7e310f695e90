// The words the frame reports when it had to end a program's worker (shown to the learner by
// the editor as the program's error).

/** What the frame says when it had to end a program's worker. */
export const frameMessages = {
  notAnswering: 'The program stopped answering, so the simulator stopped it.',
  flooding: 'The program sent the simulator too much at once, so the simulator stopped it.',
  couldNotLoad: (detail: string) => `The program could not be loaded: ${detail}`,
  failed: (detail: string) => `The simulator stopped the program: ${detail}`,
};
