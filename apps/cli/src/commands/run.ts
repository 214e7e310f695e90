// `blockyard run <file.ts|project-dir>`: runs a program on virtual boards for --time ms and
// prints what happened: each serial line when it was sent (prefixed "[board N]" when there are
// several boards), then each board's LEDs, then any runtime error as
// `error: <message> at line L`. Exit 1 on compile or runtime errors.
import { runHeadless } from '@blockyard/board-microbit';
import type { RuntimeError } from '@blockyard/runtime';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { compileForCli } from './compile.ts';
import { RunOptionError, parseBoards, parsePresses, parseSettings, parseTime } from './run-options.ts';

interface RunOptions {
  time?: string;
  press?: string;
  set?: string;
  boards?: string;
}

function describe(error: RuntimeError, shownAs: Record<string, string>): string {
  if (!error.position) return error.message;
  const file = error.position.file === 'main.ts' ? '' : ` of ${shownAs[error.position.file] ?? error.position.file}`;
  return `${error.message} at line ${error.position.line}${file}`;
}

export async function runProgram(pathArg: string, options: RunOptions, io: CliIo): Promise<number> {
  let script;
  try {
    const boards = parseBoards(options.boards);
    script = {
      boards,
      timeMs: parseTime(options.time),
      presses: parsePresses(options.press, boards),
      settings: parseSettings(options.set, boards),
    };
  } catch (error) {
    if (!(error instanceof RunOptionError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const compiled = await compileForCli(pathArg, io);
  const program = compiled?.result.program;
  if (!compiled || !program) return 1;

  const result = runHeadless({ program, ...script });
  const several = script.boards > 1;
  const prefix = (board: number) => (several ? `[board ${board}] ` : '');
  const lines = [...result.lines].sort((a, b) => a.time - b.time || a.board - b.board);
  for (const line of lines) io.stdout(`${prefix(line.board)}${line.text}\n`);
  for (const board of result.boards) {
    io.stdout(`--- board ${board.id} leds\n${board.leds.join('\n')}\n`);
  }
  let failed = false;
  for (const board of result.boards) {
    if (!board.error) continue;
    failed = true;
    io.stdout(`${prefix(board.id)}error: ${describe(board.error, compiled.source.shownAs)}\n`);
  }
  return failed ? 1 : 0;
}

export const runCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('run')
      .description('Run a micro:bit program on virtual boards and print its serial output, LEDs and errors.')
      .argument('<path>', 'a .ts file, or a project folder with pxt.json and main.ts')
      .option('--time <ms>', 'how long to run, in virtual milliseconds (default 5000)')
      .option('--press <presses>', 'button presses, e.g. A@500,B@1200,AB@2000 (2:A@500 for board 2)')
      .option('--set <settings>', 'sensor values, e.g. lightLevel=200@100,temperature=30@0')
      .option('--boards <n>', 'how many boards run the program, sharing one radio (default 1)')
      .action(async (pathArg: string, options: RunOptions) => {
        setExitCode(await runProgram(pathArg, options, io));
      });
  },
};
