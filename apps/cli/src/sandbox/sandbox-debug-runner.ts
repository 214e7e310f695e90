// The part of `blockyard debug` that runs inside the program's own V8 context (like
// sandbox-runner.ts, whose bundle it is part of): one RuntimeDebugger per board of a debug
// build, the virtual clock run a slice at a time so commands (pause among them) are heard
// between slices, and every stop, serial line and the end reported as messages.
//
// When a board stops, the clock stops: every board waits, as the simulator holds them all.
// A second board that stops within the same instant waits in line and is reported when the
// first goes on.

import { type HeadlessRun, prepareHeadlessRun } from '@blockyard/board-microbit/headless';
import { type BreakInfo, type ProgramImage, RuntimeDebugger, type StepKind } from '@blockyard/runtime';
import {
  DEBUG_SLICE_MS,
  MAX_DEBUG_VARIABLES,
  type SandboxDebugCommand,
  type SandboxDebugMessage,
  type SandboxDebugStep,
  type SandboxThread,
} from './sandbox-debug-protocol.ts';
import type { SandboxJob } from './sandbox-protocol.ts';
import { reportRun } from './sandbox-report.ts';

/** Serial lines per output message (a line is at most the serial port's batch, 256K characters). */
const MAX_LINES_PER_MESSAGE = 10;

interface Stop {
  board: number;
  info: BreakInfo;
  debugger: RuntimeDebugger;
}

export class SandboxDebugRun {
  private readonly run: HeadlessRun;
  private readonly debuggers: RuntimeDebugger[];
  private readonly stops: Stop[] = [];
  private announced = false;
  private started = false;
  private ended = false;
  private linesSent = 0;
  private readonly timeMs: number;

  constructor(
    job: SandboxJob,
    private readonly program: ProgramImage,
  ) {
    this.timeMs = job.timeMs;
    this.run = prepareHeadlessRun({
      program,
      boards: job.boards,
      timeMs: job.timeMs,
      presses: job.presses,
      settings: job.settings,
      serialInput: job.serialInput,
    });
    this.debuggers = this.run.world.boards.map((board) => {
      const attached = new RuntimeDebugger(board.runtime);
      attached.onBreak((info) => this.onBreak(board.id, info, attached));
      return attached;
    });
  }

  private onBreak(board: number, info: BreakInfo, stopped: RuntimeDebugger): void {
    // A pause is asked of every board and answered by the first to stop: the others stop asking.
    if (info.reason === 'pause') {
      if (this.stops.some((s) => s.info.reason === 'pause')) {
        stopped.resume(); // a second answer in the same instant: let it go on
        return;
      }
      for (const d of this.debuggers) if (d !== stopped && !d.halted) d.resume();
    }
    this.stops.push({ board, info, debugger: stopped });
  }

  /** Applies one command (a JSON line from the parent). */
  command(text: string): SandboxDebugStep {
    let command: SandboxDebugCommand;
    try {
      command = JSON.parse(text) as SandboxDebugCommand;
    } catch {
      return this.answer([{ reply: 0, error: 'The debugger received a command it could not read.' }]);
    }
    const seq = Number(command.seq) || 0;
    if (this.ended) return this.answer([{ reply: seq, error: 'The program has ended.' }]);
    switch (command.command) {
      case 'breakpoints': {
        const ids = Array.isArray(command.ids) ? command.ids.filter((id) => Number.isInteger(id) && id >= 0) : [];
        for (const d of this.debuggers) d.setBreakpoints(ids);
        return this.answer([{ reply: seq }]);
      }
      case 'start':
        if (!this.started) {
          this.started = true;
          this.run.world.start(this.program);
        }
        return this.answer([{ reply: seq }]);
      case 'continue':
        return this.goOn(seq, (d) => d.resume());
      case 'step': {
        const kind: StepKind = command.kind === 'into' || command.kind === 'out' ? command.kind : 'over';
        return this.goOn(seq, (d) => d.step(kind));
      }
      case 'pause':
        if (this.stops.length === 0) for (const d of this.debuggers) d.pause();
        return this.answer([{ reply: seq }]);
      case 'threads':
        return this.answer([{ reply: seq, threads: this.threads() }]);
      case 'variables': {
        const stop = this.stops[0];
        const list = stop ? stop.debugger.variables(Number(command.ref) || 0) : [];
        return this.answer([{ reply: seq, variables: list.slice(0, MAX_DEBUG_VARIABLES) }]);
      }
      case 'stop':
        return this.end([{ reply: seq }], false);
      default:
        return this.answer([{ reply: seq, error: 'The debugger does not know that command.' }]);
    }
  }

  /** Runs the boards for one slice of virtual time, unless one is stopped. */
  slice(): SandboxDebugStep {
    if (this.ended || !this.started || this.stops.length > 0) return this.answer([]);
    const clock = this.run.clock;
    const until = Math.min(this.timeMs, clock.now() + DEBUG_SLICE_MS);
    // Timer by timer, so the clock stops at the instant a board stops.
    while (this.stops.length === 0) {
      const due = clock.nextDue();
      if (due === null || due > until) {
        clock.advanceTo(until);
        break;
      }
      clock.advanceTo(due);
    }
    if (this.stops.length === 0 && (clock.now() >= this.timeMs || this.allStopped())) return this.end([], false);
    return this.answer([]);
  }

  /** After the parent interrupted a slice that ran past its real-time limit. */
  interrupted(): SandboxDebugStep {
    return this.end([], true);
  }

  private goOn(seq: number, release: (d: RuntimeDebugger) => void): SandboxDebugStep {
    const stop = this.stops.shift();
    this.announced = false;
    if (stop) release(stop.debugger);
    // Another board's stop was waiting in line: it is reported at once (answer()).
    const messages: SandboxDebugMessage[] = [{ reply: seq }];
    if (this.stops.length === 0) messages.push({ event: 'continued' });
    return this.answer(messages);
  }

  private threads(): SandboxThread[] {
    const out: SandboxThread[] = [];
    for (const board of this.run.world.boards) {
      for (const fiber of board.runtime.scheduler.fibers) {
        if (!fiber.finished) out.push({ board: board.id, fiber: fiber.id, name: fiber.name });
      }
    }
    return out;
  }

  /** Every board's program has ended with an error (an uncaught error stops the whole program). */
  private allStopped(): boolean {
    return this.run.world.boards.every((board) => board.error !== undefined);
  }

  private end(messages: SandboxDebugMessage[], interrupted: boolean): SandboxDebugStep {
    if (this.ended) return { messages, running: false };
    this.ended = true;
    for (const d of this.debuggers) d.detach();
    // The serial lines went out as output messages already: the end carries the rest only.
    const { report } = reportRun(this.run, interrupted);
    const output = this.newLines();
    return { messages: [...messages, ...output, { event: 'ended', report: { ...report, lines: [] } }], running: false };
  }

  /** The messages plus the serial lines since the last answer and a stop not yet reported. */
  private answer(messages: SandboxDebugMessage[]): SandboxDebugStep {
    const out = [...messages, ...this.newLines()];
    const stop = this.stops[0];
    if (stop && !this.announced) {
      this.announced = true;
      out.push({ event: 'stopped', board: stop.board, info: stop.info });
    }
    return { messages: out, running: this.started && !this.ended && this.stops.length === 0 };
  }

  private newLines(): SandboxDebugMessage[] {
    const lines = this.run.lines;
    if (this.linesSent >= lines.length) return [];
    const out: SandboxDebugMessage[] = [];
    // In messages of a bounded size: a chatty program must not outgrow what the parent reads.
    for (let from = this.linesSent; from < lines.length; from += MAX_LINES_PER_MESSAGE) {
      const fresh = lines
        .slice(from, Math.min(lines.length, from + MAX_LINES_PER_MESSAGE))
        .map((line) => ({ time: line.time, board: line.board, text: line.text }));
      out.push({ event: 'output', lines: fresh });
    }
    this.linesSent = lines.length;
    return out;
  }
}
