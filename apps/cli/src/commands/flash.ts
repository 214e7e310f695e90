// `blockyard flash <file.hex> --emulated [--fault …] [--partial]`: sends a .hex to an emulated
// micro:bit through the same code the editor uses for a real one (UsbConnection over a
// navigator.usb-shaped board speaking CMSIS-DAP/DAPLink), printing progress on stderr, then one
// line on stdout: `flashed <bytes> bytes in <ms> ms (<full|partial>)` (<bytes>: program bytes
// written to the board's flash, attempts a fault cut short included). The board runs on virtual
// time with 1 ms USB frames, so <ms> is what the flash would take on a real board at full speed,
// and a flash that waits seconds for a replug takes no seconds here. Exit 0 only when the board's
// flash then equals the file, byte for byte.
import { stat, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ManualClock } from '@blockyard/core';
import {
  DeviceError,
  flashImageFor,
  isDeviceError,
  plainDeviceError,
  UsbConnection,
  type FlashImage,
  type FlashProgress,
} from '@blockyard/device';
import { armFault, FaultSpecError, parseFaultSpec, type FaultSpec } from '@blockyard/device/emulator';
import { factoryBoard, runOnVirtualTime } from '@blockyard/device/testing';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';

interface FlashCliOptions {
  emulated?: boolean;
  fault?: string;
  partial?: boolean;
  board: string;
  blank?: boolean;
}

/** Exit codes: 0 flashed and checked, 1 the file or an option is wrong, 2 the flash failed. */
const FLASH_EXIT = { ok: 0, badInput: 1, failed: 2 } as const;

/** A .hex (even a Universal one with both boards) is well under this. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

const STAGE_WORDS: Readonly<Record<FlashProgress['stage'], string>> = {
  connecting: 'Finding the micro:bit…',
  checking: 'Checking what is already on it…',
  writing: 'Sending the program…',
  verifying: 'Checking that everything arrived…',
  restarting: 'Starting the program…',
  recovering: 'Trying again…',
  done: 'Done.',
};

/** Prints a line for each new stage and for every tenth of the writing. */
function progressPrinter(write: (line: string) => void): (progress: FlashProgress) => void {
  let lastStage = '';
  let lastTenth = -1;
  return (progress) => {
    if (progress.stage === 'recovering') {
      if (lastStage !== 'recovering')
        write(
          progress.recovery === 'unplugged'
            ? 'The cable came out: waiting for the micro:bit to come back…'
            : 'The micro:bit stopped answering: trying again…',
        );
      lastStage = 'recovering';
      return;
    }
    if (progress.stage === 'writing' && progress.bytesTotal > 0) {
      const tenth = Math.floor((progress.bytesWritten / progress.bytesTotal) * 10);
      if (tenth !== lastTenth || lastStage !== 'writing') {
        lastTenth = tenth;
        const left =
          progress.msLeft === null ? '' : `, about ${Math.max(1, Math.round(progress.msLeft / 1000))} s left`;
        write(
          `${String(progress.percent).padStart(3)}% sending ${progress.bytesWritten} of ${progress.bytesTotal} bytes (${progress.mode ?? 'full'}${left})`,
        );
      }
      lastStage = 'writing';
      return;
    }
    if (progress.stage !== lastStage) {
      lastStage = progress.stage;
      lastTenth = -1;
      if (progress.stage !== 'done') write(`${String(progress.percent).padStart(3)}% ${STAGE_WORDS[progress.stage]}`);
    }
  };
}

async function runFlash(file: string, options: FlashCliOptions, io: CliIo): Promise<number> {
  const fail = (message: string, code: number = FLASH_EXIT.badInput) => {
    io.stderr(`error: ${message}\n`);
    return code;
  };
  if (options.emulated !== true) {
    return fail(
      'only the emulated board can be flashed from here (add --emulated). To put a program on a real micro:bit, copy the .hex onto its MICROBIT drive, or use Connect and Download in the editor.',
    );
  }
  if (options.board !== 'v1' && options.board !== 'v2')
    return fail(`--board takes v1 or v2 (the micro:bit's version), not "${options.board.slice(0, 40)}".`);
  const variant = options.board;
  let fault: FaultSpec | null = null;
  if (options.fault !== undefined) {
    try {
      fault = parseFaultSpec(options.fault);
    } catch (error) {
      if (error instanceof FaultSpecError) return fail(error.message);
      throw error;
    }
  }

  const path = resolve(io.cwd, file);
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (!info.isFile()) return fail(`${file} is not a file.`);
    if (info.size > MAX_FILE_BYTES)
      return fail(`${file} is too large (${info.size} bytes) to be a micro:bit .hex file (at most 8 MB).`);
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fail(`cannot find ${file}.`);
    return fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Check the file before any board is touched: a broken file is the learner's to fix.
  let image: FlashImage;
  try {
    image = flashImageFor(bytes, variant);
  } catch (error) {
    if (isDeviceError(error)) return fail(`${file}: ${plainDeviceError(error)}`);
    throw error;
  }

  const clock = new ManualClock();
  const board = await factoryBoard({ clock, variant, ...(options.blank ? { blank: true } : {}) });
  const connection = new UsbConnection({ usb: board.usb, clock });
  const print = progressPrinter((line) => io.stderr(`${line}\n`));
  const arm = fault ? armFault(board, fault) : () => undefined;
  // Bytes written by attempts a fault cut short count too: they went over the cable.
  let carried = 0;
  let attemptBytes = 0;
  try {
    const result = await runOnVirtualTime(
      clock,
      (async () => {
        await connection.pair();
        return connection.flash(bytes, {
          mode: options.partial ? 'partial' : 'full',
          onProgress: (progress) => {
            if (progress.stage === 'writing') attemptBytes = progress.bytesWritten;
            if (progress.stage === 'recovering') {
              carried += attemptBytes;
              attemptBytes = 0;
            }
            print(progress);
            arm(progress);
          },
        });
      })(),
    );
    if (!board.holds(image)) {
      return fail(
        'the micro:bit said the flash worked, but its memory does not match the file. Flash it again.',
        FLASH_EXIT.failed,
      );
    }
    io.stdout(`flashed ${carried + result.bytesWritten} bytes in ${Math.round(result.ms)} ms (${result.mode})\n`);
    return FLASH_EXIT.ok;
  } catch (error) {
    if (error instanceof DeviceError) return fail(plainDeviceError(error), FLASH_EXIT.failed);
    throw error;
  } finally {
    connection.dispose();
  }
}

export const flashCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('flash')
      .description('Send a .hex to an emulated micro:bit (as the editor sends it to a real one) and check it arrived.')
      .argument('<file>', 'the .hex file (plain or Universal)')
      .option('--emulated', 'flash the emulated micro:bit (the only board the command line can flash)')
      .option(
        '--fault <fault>',
        'make something go wrong: unplug@<percent> (back 1.5 s later; unplug@<percent>! stays out), late-response, duplicate-response, stuck-bootloader, busy, wont-halt (never stops for flashing), usb-error@<percent> (transfers fail) or error-response@<percent> (the board answers with its error status)',
      )
      .option('--partial', 'send only the pages that differ from what the board already holds')
      .option('--board <version>', 'the emulated micro:bit: v1 or v2', 'v2')
      .option('--blank', 'start from a board with nothing in its flash (instead of the factory program)')
      .action(async (file: string, options: FlashCliOptions) => {
        setExitCode(await runFlash(file, options, io));
      });
  },
};
