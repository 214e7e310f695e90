// `blockyard tutorial <file.md>`: prints the tutorial parse result of spec 001 §3 as JSON (what
// the editor's tutorial mode plays). Exit 0; exit 1 with 'Invalid tutorial format' (and why, in
// plain words) for markdown that cannot be a tutorial, or when the file cannot be read.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  INVALID_TUTORIAL_FORMAT,
  isTutorialFormatError,
  MAX_TUTORIAL_CHARS,
  parseTutorial,
  type TutorialProblem,
} from '@blockyard/core';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, readInput } from './blocks-files.ts';

const WHY: Record<TutorialProblem, string> = {
  empty: 'the file is empty',
  'too-big': `the file is longer than ${MAX_TUTORIAL_CHARS.toLocaleString('en')} characters`,
  binary: 'the file is not text',
  'no-steps': 'it has no steps (a tutorial needs "## " headings, one per step)',
};

async function runTutorial(pathArg: string, io: CliIo): Promise<number> {
  let markdown: string;
  try {
    // Four bytes per character at most: anything bigger cannot fit the parser's limit.
    const size = await stat(resolve(io.cwd, pathArg)).then(
      (s) => s.size,
      () => 0,
    );
    if (size > MAX_TUTORIAL_CHARS * 4) {
      io.stderr(`error: ${INVALID_TUTORIAL_FORMAT}: ${pathArg}: ${WHY['too-big']}.\n`);
      return 1;
    }
    markdown = await readInput(pathArg, io, 'tutorial');
  } catch (error) {
    if (!(error instanceof BlocksFileError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  try {
    io.stdout(`${JSON.stringify(parseTutorial(markdown), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!isTutorialFormatError(error)) throw error;
    io.stderr(`error: ${INVALID_TUTORIAL_FORMAT}: ${pathArg}: ${WHY[error.problem]}.\n`);
    return 1;
  }
}

export const tutorialCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('tutorial')
      .description('Read a MakeCode tutorial (markdown) and print its steps, hints and code as JSON.')
      .argument('<file.md>', 'the tutorial, e.g. tutorial.md')
      .action(async (pathArg: string) => {
        setExitCode(await runTutorial(pathArg, io));
      });
  },
};
