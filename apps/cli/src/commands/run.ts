// `blockyard run <file.ts|project-dir>`: runs a program on virtual boards for --time ms and
// prints what happened: each serial line when it was sent (prefixed "[board N]" when there are
// several boards), then each board's LEDs, then any runtime error as
// `error: <message> at line L`. Exit 1 on compile or runtime errors. `--serial` feeds the boards'
// serial input; `--audio out.wav` also writes everything the boards played (mixed into one track).
// The program runs in a sandbox process that cannot reach the computer (sandbox/run-in-sandbox.ts).
import { resolve } from 'node:path';
import { SERIAL_DEFAULT_RX_BUFFER } from '@blockyard/board-microbit/headless';
import { SAMPLE_RATE } from '@blockyard/sound';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import type { SandboxBoardReport, SandboxError } from '../sandbox/sandbox-protocol.ts';
import { SandboxFailure, runInSandbox } from '../sandbox/run-in-sandbox.ts';
import { compileForCli } from './compile.ts';
import {
  RunOptionError,
  checkAudioTime,
  parseBoards,
  parsePresses,
  parseSerialInput,
  parseSettings,
  parseTime,
  parseTimeout,
} from './run-options.ts';
import { writeFileNoFollow } from '../safe-files.ts';

interface RunOptions {
  time?: string;
  press?: string;
  set?: string;
  boards?: string;
  serial?: string;
  audio?: string;
  timeout?: string;
}

/** Exit code when the program ran but the --audio file could not be written. */
const RUN_WRITE_FAILED = 2;
/** A mono 16-bit WAV's header (encodeWav): the rest is 2 bytes per sample. */
const WAV_HEADER_BYTES = 44;

/** A runtime error as `run` and `debug` print it: `message at line L [of file]`. */
export function describeRunError(error: SandboxError, shownAs: Record<string, string>): string {
  if (!error.position) return error.message;
  const file = error.position.file === 'main.ts' ? '' : ` of ${shownAs[error.position.file] ?? error.position.file}`;
  return `${error.message} at line ${error.position.line}${file}`;
}

async function runProgram(pathArg: string, options: RunOptions, io: CliIo): Promise<number> {
  let script;
  let timeLimitMs: number;
  try {
    const boards = parseBoards(options.boards);
    script = {
      boards,
      timeMs: parseTime(options.time),
      presses: parsePresses(options.press, boards),
      settings: parseSettings(options.set, boards),
      serialInput: parseSerialInput(options.serial, boards),
      audio: options.audio !== undefined,
    };
    timeLimitMs = parseTimeout(options.timeout, script.timeMs);
    if (script.audio) checkAudioTime(script.timeMs);
  } catch (error) {
    if (!(error instanceof RunOptionError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const compiled = await compileForCli(pathArg, io);
  const program = compiled?.result.program;
  if (!compiled || !program) return 1;

  let run;
  try {
    run = await runInSandbox({ program, ...script, timeLimitMs });
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const { report, audio } = run;
  const several = script.boards > 1;
  const prefix = (board: number) => (several ? `[board ${board}] ` : '');
  const lines = [...report.lines].sort((a, b) => a.time - b.time || a.board - b.board);
  for (const line of lines) io.stdout(`${prefix(line.board)}${line.text}\n`);
  for (const board of report.boards) {
    io.stdout(`--- board ${board.id} leds\n${board.leds.join('\n')}\n`);
  }
  let failed = false;
  for (const board of report.boards) {
    if (!board.error) continue;
    failed = true;
    io.stdout(`${prefix(board.id)}error: ${describeRunError(board.error, compiled.source.shownAs)}\n`);
  }
  if (report.interrupted) {
    failed = true;
    io.stderr(
      `error: the run was stopped after ${timeLimitMs / 1000} s of real time (--timeout), ` +
        'before its --time was over: the program computed without a pause.\n',
    );
  }
  for (const board of report.boards) warnAboutLostInput(board, io);
  if (audio && options.audio !== undefined) {
    const path = resolve(io.cwd, options.audio);
    try {
      // Never through a link (safe-files.ts); the folder must already exist.
      await writeFileNoFollow(path, audio);
    } catch (error) {
      io.stderr(`error: could not write ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
      return RUN_WRITE_FAILED;
    }
    const seconds = ((audio.length - WAV_HEADER_BYTES) / 2 / SAMPLE_RATE).toFixed(3);
    io.stderr(`Wrote ${path} (${seconds} s, mono, 16-bit, ${SAMPLE_RATE} Hz).\n`);
  }
  return failed ? 1 : 0;
}

/** Serial input the device would have lost is worth a word: the program may wait for it forever. */
function warnAboutLostInput(board: SandboxBoardReport, io: CliIo): void {
  const lost = board.serialDropped;
  if (lost === 0) return;
  const size = board.serialBufferSize;
  const advice =
    size === SERIAL_DEFAULT_RX_BUFFER ? 'Read it sooner, or call serial.setRxBufferSize(64) first.' : 'Read it sooner.';
  io.stderr(
    `warning: board ${board.id} lost ${lost} character${lost === 1 ? '' : 's'} of serial input: ` +
      `its receive buffer (${size} bytes) was full. ${advice}\n`,
  );
}

/** What `--set` accepts, for `blockyard run --help`. */
const setHelp = `
--set names (name=value@ms; @ms defaults to 0; prefix 2: for board 2 only):
  lightLevel        0-255 (default 128)          temperature     °C (default 21)
  compassHeading    0-359 (default 90)           soundLevel      0-255 (default 0)
  accelerationX/Y/Z milli-g (flat: 0, 0, -1023)  magneticForceX/Y/Z  µT
  gesture           shake, logoUp, logoDown, screenUp, screenDown, tiltLeft, tiltRight,
                    freeFall, 3g, 6g, 8g (or the Gesture value)
  touchP0, touchP1, touchP2, touchLogo          1 touches, 0 lets go
  pinP0 to pinP20   level applied to a pin, 0-1023 (digital reads: above 511 is 1)
Acceleration changes raise gestures as the device does (after 5 samples of 20 ms).
`;

export const runCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('run')
      .description('Run a micro:bit program on virtual boards and print its serial output, LEDs and errors.')
      .argument('<path>', 'a .ts or .py file, or a project folder with pxt.json and main.ts (or main.py)')
      .option('--time <ms>', 'how long to run, in virtual milliseconds (default 5000)')
      .option(
        '--press <presses>',
        'button presses and touches, e.g. A@500,B@1200,AB@2000,P0@3000,LOGO@4000 (2:A@500 for board 2)',
      )
      .option(
        '--set <settings>',
        'sensors and inputs, e.g. lightLevel=200@100,temperature=30@0,gesture=shake@1000 (names below)',
      )
      .option('--boards <n>', 'how many boards run the program, sharing one radio (default 1)')
      .option(
        '--serial <input>',
        'lines the computer sends, e.g. "hello@500,2:bye@900" (a new line is added to each; ' +
          'board 1 unless prefixed; escapes \\, \\@ \\n)',
      )
      .option(
        '--audio <file>',
        'also write what the boards played to a WAV file (mono, 16-bit, 44,100 Hz; boards mixed)',
      )
      .option(
        '--timeout <seconds>',
        'stop the run after this much real time, however the program spins (default: --time plus 20 s)',
      )
      .addHelpText('after', setHelp)
      .action(async (pathArg: string, options: RunOptions) => {
        setExitCode(await runProgram(pathArg, options, io));
      });
  },
};
