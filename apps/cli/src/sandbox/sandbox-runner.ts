// The part of `blockyard run` that runs inside the program's own V8 context (see
// run-in-sandbox.ts). It is bundled on its own into one script with the runtime, the board and
// the sound engine, so every object the program can reach belongs to that context, whose string
// evaluation and WebAssembly are off. It must use no Node API and no host global (there are
// none in the context): it talks to the outside only through `blockyardSandbox`, with strings.

import { prepareHeadlessRun, type HeadlessRun } from '@blockyard/board-microbit/headless';
import { type ProgramFactory, RuntimeError } from '@blockyard/runtime';
import type { SandboxJob } from './sandbox-protocol.ts';
import type { SandboxDebugStep } from './sandbox-debug-protocol.ts';
import { SandboxDebugRun } from './sandbox-debug-runner.ts';
import { reportRun } from './sandbox-report.ts';

let current: HeadlessRun | undefined;
let wav: Uint8Array | undefined;
let interrupted = false;
let debugRun: SandboxDebugRun | undefined;

function debugAnswer(step: () => SandboxDebugStep): string {
  if (!debugRun) throw new RuntimeError('internal', 'The debug run has not started.');
  return JSON.stringify(step());
}

/** The host compiled the program with vm.compileFunction: its body starts on line 1. */
function loaded(factory: ProgramFactory) {
  return { factory, headerLines: 0 };
}

function report(run: HeadlessRun): string {
  const result = reportRun(run, interrupted);
  wav = result.wav;
  return JSON.stringify(result.report);
}

const sandbox = {
  /** Runs the job with the program factory the host compiled in this context; returns the report. */
  run(jobText: string, factory: ProgramFactory): string {
    const job = JSON.parse(jobText) as SandboxJob;
    current = prepareHeadlessRun({
      program: { js: '', positions: job.positions as never, hostNames: job.hostNames, loaded: loaded(factory) },
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
  /** `blockyard debug`: sets the run up (the program starts with the `start` command). */
  debugStart(jobText: string, factory: ProgramFactory): string {
    const job = JSON.parse(jobText) as SandboxJob;
    const program = {
      js: '',
      positions: job.positions as never,
      hostNames: job.hostNames,
      loaded: loaded(factory),
      ...(job.statements ? { statements: job.statements as never } : {}),
    };
    debugRun = new SandboxDebugRun(job, program);
    return JSON.stringify({ messages: [], running: false });
  },
  /** One command line from the parent; answers a SandboxDebugStep as JSON. */
  debugCommand(text: string): string {
    return debugAnswer(() => debugRun!.command(text));
  },
  /** Runs one slice of virtual time. */
  debugSlice(): string {
    return debugAnswer(() => debugRun!.slice());
  },
  /** After a slice was interrupted from outside. */
  debugInterrupted(): string {
    return debugAnswer(() => debugRun!.interrupted());
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
