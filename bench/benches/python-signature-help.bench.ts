// Signature help in the Python editor on a program of 1,000 statements (over 2,000 lines of
// Python), for a method of a call's result typed in the middle of it
// (`game.create_sprite(2, 2).change(LedSpriteProperty.X, 1)`), the way the editor's worker answers
// it: the first answer after the `(` (the program converted without the call, then TypeScript
// asked), then each keystroke in the arguments, which must not convert again. Against
// completions after the dot on the same value, which convert once as well. The real worker body in
// this process, warmed by the first rounds; each round edits one literal so nothing is answered
// from the round before.
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import { CompilerClient } from '@blockyard/compiler-worker';
import { inProcessCompilerWorker } from '@blockyard/compiler-worker/testing';
import { pythonNames, typeScriptToPython } from '@blockyard/language';
import ts from 'typescript';
import { programOfSize } from '../lib/programs.ts';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const statements = 1000;
const runs = 10;
const warmups = 3;

const names = pythonNames(ts, microbitLibraryFiles);
// The worker's real body behind its message port, in this process (messages are cloned).
const client = new CompilerClient(() => inProcessCompilerWorker(ts));

const CALL = 'game.create_sprite(2, 2).change(';
const ARGUMENTS = 'LedSpriteProperty.X, 1';

/** The program as Python, cut at a top-level line near its middle. */
function program(variant: number): { before: string; after: string } {
  const python = typeScriptToPython(ts, programOfSize(statements, variant), names);
  if (python.diagnostics.length) throw new Error(`Python cannot show the program: ${python.diagnostics[0]!.message}`);
  const lines = python.code.split('\n');
  let middle = Math.floor(lines.length / 2);
  while (middle < lines.length && /^\s/.test(lines[middle] ?? '')) middle++;
  return { before: `${lines.slice(0, middle).join('\n')}\n`, after: `\n${lines.slice(middle).join('\n')}` };
}

/** Milliseconds of one answer, and the answer. */
async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const answer = await work();
  return [performance.now() - started, answer];
}

const first: number[] = [];
const keystroke: number[] = [];
const completions: number[] = [];
let lines = 0;
for (let round = 0; round < warmups + runs; round++) {
  // Completions on one variant and signature help on another: each converts its own program
  // (typed in the editor, the help after `(` would find the conversion the dot's completions made).
  const other = program(2 * round + 1);
  const dot = `${other.before}${CALL.slice(0, CALL.lastIndexOf('.') + 1)}${other.after}`;
  const [complete] = await timed(() =>
    client.service({
      op: 'completions',
      files: { 'main.py': dot },
      file: 'main.py',
      offset: dot.length - other.after.length,
    }),
  );
  const { before, after } = program(2 * round + 2);
  lines = (before + after).split('\n').length;
  // The editor closes the bracket as the learner opens it.
  const help = async (typed: string) => {
    const text = `${before}${CALL}${typed})${after}`;
    const offset = before.length + CALL.length + typed.length;
    const [ms, answer] = await timed(() =>
      client.service({ op: 'signatureHelp', files: { 'main.py': text }, file: 'main.py', offset }),
    );
    if (!answer) throw new Error(`no signature help after ${CALL}${typed}`);
    return ms;
  };
  const opened = await help('');
  const typing: number[] = [];
  for (let i = 1; i <= ARGUMENTS.length; i++) typing.push(await help(ARGUMENTS.slice(0, i)));
  if (round < warmups) continue;
  completions.push(complete);
  first.push(opened);
  keystroke.push(...typing);
}

const metrics: Record<string, Summary> = {
  pythonLines: summarize([lines]),
  completionsAfterDotMs: summarize(completions),
  firstSignatureHelpMs: summarize(first),
  keystrokeSignatureHelpMs: summarize(keystroke),
};
const path = writeResult({
  name: 'python-signature-help',
  description: `Python signature help for a method of a call's result in a program of ${statements} statements: the first answer, each keystroke in the arguments, and completions after the dot`,
  metrics,
  targets: {
    keystrokeSignatureHelpMs: 'no conversion per keystroke: a few milliseconds on 1,000 statements',
    firstSignatureHelpMs: 'about what completions after the dot cost (one conversion, one TypeScript question)',
  },
});
console.log(JSON.stringify(metrics, null, 2));
console.log(`wrote ${path}`);
client.dispose();
