// Half-typed Python for the editor-help property tests: a random prefix of a real learner's (or
// MakeCode-style) program, with what a learner may be typing where it stops, and the places help
// is asked for (the end, where the caret is while typing, and somewhere inside). Tests only: it
// reads the programs from the language package's test folders.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';

const folders = ['learner-programs', 'makecode'].map(
  (folder) => new URL(`../../../language/test/python/${folder}/`, import.meta.url),
);

/** Every program in those folders. */
export const PYTHON_PROGRAMS: readonly string[] = folders.flatMap((folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.py'))
    .map((name) => readFileSync(new URL(name, folder), 'utf8')),
);

export interface HalfTypedPython {
  readonly text: string;
  /** Where help is asked: the text's end, then a place inside it. */
  readonly offsets: readonly [number, number];
}

/** A program cut at random with one of `tails` typed after the cut. */
export function halfTypedPython(tails: readonly string[]): fc.Arbitrary<HalfTypedPython> {
  return fc
    .tuple(
      fc.nat(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(...tails),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([pick, cut, tail, at]) => {
      const program = PYTHON_PROGRAMS[pick % PYTHON_PROGRAMS.length]!;
      const text = program.slice(0, Math.floor(cut * program.length)) + tail;
      return { text, offsets: [text.length, Math.floor(at * text.length)] as const };
    });
}
