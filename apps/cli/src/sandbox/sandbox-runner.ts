// The part of `blockyard run` that runs inside the program's own V8 context (see
// run-in-sandbox.ts). It is bundled on its own into one script with the runtime, the board and
// the sound engine, so every object the program can reach belongs to that context, whose string
// evaluation and WebAssembly are off. It must use no Node API and no host global (there are
// none in the context): it talks to the outside only through `blockyardSandbox`, with strings.

import { prepareHeadlessRun, type HeadlessRun } from '@blockyard/board-microbit/headless';
import { type ProgramFactory, RuntimeError, runtimeMessages, setProgramEvaluator } from '@blockyard/runtime';
import { SAMPLE_RATE, encodeWav } from '@blockyard/sound';
import type { SandboxBoardReport, SandboxJob, SandboxReport } from './sandbox-protocol.ts';

let current: HeadlessRun | undefined;
let wav: Uint8Array | undefined;
let interrupted = false;

function errorOf(error: RuntimeError | undefined): SandboxBoardReport['error'] {
  if (!error) return undefined;
  return { kind: error.kind, message: error.message, ...(error.position ? { position: error.position } : {}) };
}

function report(run: HeadlessRun): string {
  const result = run.finish();
  wav = result.audio ? encodeWav(result.audio, SAMPLE_RATE) : undefined;
  const boards = result.boards.map((board, i): SandboxBoardReport => {
    const state = result.world.boards[i]!;
    let error = errorOf(board.error);
    // The board whose fiber was running when the run was interrupted is the one that spun.
    if (!error && interrupted && state.runtime.scheduler.current) {
      error = { kind: 'runaway', message: runtimeMessages.runaway };
    }
    return {
      id: board.id,
      leds: board.leds,
      ...(error ? { error } : {}),
      serialDropped: state.serial.input.dropped,
      serialBufferSize: state.serial.input.bufferSize,
    };
  });
  const text: SandboxReport = {
    lines: result.lines.map((line) => ({ time: line.time, board: line.board, text: line.text })),
    boards,
    audioBytes: wav?.length ?? 0,
    ...(interrupted ? { interrupted } : {}),
  };
  return JSON.stringify(text);
}

const sandbox = {
  /** Runs the job with the program factory the host compiled in this context; returns the report. */
  run(jobText: string, factory: ProgramFactory): string {
    const job = JSON.parse(jobText) as SandboxJob;
    // The host compiled the program with vm.compileFunction: its body starts on line 1.
    setProgramEvaluator({ evaluate: () => factory, headerLines: 0 });
    current = prepareHeadlessRun({
      program: { js: '', positions: job.positions as never, hostNames: job.hostNames },
      boards: job.boards,
      timeMs: job.timeMs,
      presses: job.presses,
      settings: job.settings,
      serialInput: job.serialInput,
      audio: job.audio,
    });
    current.run();
    return report(current);
  },
  /** After an interruption from outside: what was seen up to then. */
  interrupted(): string {
    interrupted = true;
    if (!current) throw new RuntimeError('internal', 'The run was interrupted before it started.');
    return report(current);
  },
  /** The WAV of the last report as a binary string (one character per byte), or ''. */
  audio(): string {
    if (!wav) return '';
    const parts: string[] = [];
    for (let at = 0; at < wav.length; at += 8192) {
      parts.push(String.fromCharCode(...wav.subarray(at, at + 8192)));
    }
    return parts.join('');
  },
};

// Fixed in place, so a program cannot swap in its own `run` or `audio` for the host to call.
Object.defineProperty(globalThis, 'blockyardSandbox', {
  value: Object.freeze(sandbox),
  writable: false,
  configurable: false,
});
