// `blockyard debug`'s side of the sandbox (issue 18): the program runs in the same sandbox process
// as `blockyard run` (run-in-sandbox.ts, the three walls), started in its debug mode; this file
// sends it commands and reads its messages, one JSON line each. Every message comes from the
// process the stranger's program runs in, so each is checked field by field before use.

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { BreakInfo, DebugStackFrame, DebugVariable } from '@blockyard/runtime';
import type { CompiledProgram } from '@blockyard/language';
import {
  DEBUG_SLICE_MS,
  MAX_DEBUG_LINE_BYTES,
  type SandboxDebugCommand,
  type SandboxDebugLine,
  type SandboxThread,
} from './sandbox-debug-protocol.ts';
import type { SandboxJob, SandboxReport, SandboxRequest } from './sandbox-protocol.ts';
import {
  KILL_GRACE_MS,
  SandboxFailure,
  checkLine,
  checkReport,
  isRecord,
  sandboxRunnerSource,
  spawnSandbox,
} from './run-in-sandbox.ts';

export interface SandboxDebugOptions extends Omit<SandboxJob, 'positions' | 'hostNames' | 'statements' | 'audio'> {
  program: CompiledProgram;
  /** Real milliseconds one slice may compute before the program counts as stuck. */
  timeLimitMs: number;
  /** Run virtual time as fast as the program computes, not at the wall clock's pace. */
  fast?: boolean;
}

/** What the debug session hears from the sandbox besides replies. */
export interface SandboxDebugListener {
  output(lines: SandboxDebugLine[]): void;
  stopped(board: number, info: BreakInfo): void;
  continued(): void;
  /** The run is over; `report` is absent when the sandbox failed (then `problem` says why). */
  ended(report: SandboxReport | undefined, problem?: string): void;
}

type Reply = { threads?: SandboxThread[]; variables?: DebugVariable[] };
type CommandBody = SandboxDebugCommand extends infer C ? (C extends unknown ? Omit<C, 'seq'> : never) : never;

export class SandboxDebugger {
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private buffer = '';
  private over = false;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly listener: SandboxDebugListener,
    /** Real ms a command may wait for its reply: a slice's limit plus the grace `run` gives. */
    private readonly answerLimitMs: number,
  ) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.read(chunk));
    child.stdin.on('error', () => undefined); // the child may end before reading everything
    let errorText = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errorText.length < 4096) errorText += chunk.toString('utf8');
    });
    child.on('error', (error) => this.finish(undefined, `could not start the program's sandbox (${error.message}).`));
    child.on('close', (code, signal) => {
      const detail = errorText.trim().split('\n').slice(-1)[0] ?? '';
      this.finish(
        undefined,
        `the program's sandbox stopped unexpectedly (${signal ?? `exit ${code}`})${detail ? `: ${detail}` : ''}.`,
      );
    });
  }

  /** Starts the sandbox with the program set up but not running (send `start` when ready). */
  static async start(options: SandboxDebugOptions, listener: SandboxDebugListener): Promise<SandboxDebugger> {
    const { program, timeLimitMs, fast, ...script } = options;
    const job: SandboxJob = {
      ...script,
      audio: false,
      positions: program.positions,
      hostNames: program.hostNames,
      ...(program.statements ? { statements: program.statements } : {}),
    };
    const request: SandboxRequest = {
      runner: await sandboxRunnerSource(),
      programJs: program.js,
      job: JSON.stringify(job),
      timeLimitMs,
      realTime: fast !== true,
      sliceMs: DEBUG_SLICE_MS,
    };
    const sandbox = new SandboxDebugger(spawnSandbox(['debug']), listener, timeLimitMs + KILL_GRACE_MS);
    sandbox.child.stdin.write(JSON.stringify(request) + '\n');
    return sandbox;
  }

  get ended(): boolean {
    return this.over;
  }

  /** Sends a command and resolves with its reply (rejects once the run is over). */
  send(command: CommandBody): Promise<Reply> {
    if (this.over) return Promise.reject(new SandboxFailure('The program has ended.'));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      // A sandbox that stops answering is stopped, so no request of the client hangs for ever.
      const timer = setTimeout(
        () => this.fail(`the program's sandbox did not answer for ${Math.round(this.answerLimitMs / 1000)} s.`),
        this.answerLimitMs,
      );
      const settle = () => clearTimeout(timer);
      this.pending.set(seq, {
        resolve: (reply) => {
          settle();
          resolve(reply);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.child.stdin.write(JSON.stringify({ ...command, seq }) + '\n');
    });
  }

  /** Ends the sandbox process now (the client went away). */
  kill(): void {
    this.finish(undefined, 'The debugger was stopped.');
    this.child.kill('SIGKILL');
  }

  private read(chunk: string): void {
    if (this.over) return; // what a killed sandbox still had in the pipe
    this.buffer += chunk;
    for (let newline = this.buffer.indexOf('\n'); newline >= 0; newline = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      this.handle(line);
      if (this.over) return;
    }
    if (this.buffer.length > MAX_DEBUG_LINE_BYTES) {
      this.finish(undefined, "the program's sandbox sent more than the debugger can read at once.");
      this.child.kill('SIGKILL');
    }
  }

  private handle(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.fail("the program's sandbox sent a message that cannot be read.");
      return;
    }
    try {
      this.dispatch(message);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private dispatch(message: unknown): void {
    if (!isRecord(message)) throw invalid();
    if (typeof message['failure'] === 'string') {
      this.finish(undefined, message['failure']);
      return;
    }
    if (typeof message['reply'] === 'number') {
      const waiting = this.pending.get(message['reply']);
      this.pending.delete(message['reply']);
      if (!waiting) return;
      if (typeof message['error'] === 'string') waiting.reject(new SandboxFailure(message['error']));
      else {
        const reply: Reply = {};
        if (message['threads'] !== undefined) reply.threads = checkThreads(message['threads']);
        if (message['variables'] !== undefined) reply.variables = checkVariables(message['variables']);
        waiting.resolve(reply);
      }
      return;
    }
    switch (message['event']) {
      case 'output':
        this.listener.output(checkLines(message['lines']));
        return;
      case 'stopped':
        if (typeof message['board'] !== 'number') throw invalid();
        this.listener.stopped(message['board'], checkBreak(message['info']));
        return;
      case 'continued':
        this.listener.continued();
        return;
      case 'ended':
        this.finish(checkReport(message['report']));
        return;
      default:
        throw invalid();
    }
  }

  private fail(problem: string): void {
    this.finish(undefined, problem);
    this.child.kill('SIGKILL');
  }

  private finish(report: SandboxReport | undefined, problem?: string): void {
    if (this.over) return;
    this.over = true;
    for (const waiting of this.pending.values()) waiting.reject(new SandboxFailure('The program has ended.'));
    this.pending.clear();
    this.listener.ended(report, problem);
  }
}

const invalid = () => new SandboxFailure("the program's sandbox sent a message of the wrong shape.");

const VARIABLE_TYPES = new Set<string>([
  'number',
  'string',
  'boolean',
  'undefined',
  'null',
  'list',
  'buffer',
  'object',
  'function',
]);
const REASONS = new Set<string>(['breakpoint', 'step', 'pause', 'exception']);

function checkLines(value: unknown): SandboxDebugLine[] {
  if (!Array.isArray(value)) throw invalid();
  return value.map(checkLine);
}

function checkThreads(value: unknown): SandboxThread[] {
  if (!Array.isArray(value)) throw invalid();
  return value.map((thread) => {
    if (
      !isRecord(thread) ||
      typeof thread['board'] !== 'number' ||
      typeof thread['fiber'] !== 'number' ||
      typeof thread['name'] !== 'string'
    ) {
      throw invalid();
    }
    return { board: thread['board'], fiber: thread['fiber'], name: thread['name'] };
  });
}

function checkVariables(value: unknown): DebugVariable[] {
  if (!Array.isArray(value)) throw invalid();
  return value.map((variable) => {
    if (
      !isRecord(variable) ||
      typeof variable['name'] !== 'string' ||
      typeof variable['value'] !== 'string' ||
      typeof variable['type'] !== 'string' ||
      !VARIABLE_TYPES.has(variable['type']) ||
      typeof variable['ref'] !== 'number' ||
      !Number.isInteger(variable['ref'])
    ) {
      throw invalid();
    }
    return {
      name: variable['name'],
      value: variable['value'],
      type: variable['type'] as DebugVariable['type'],
      ref: variable['ref'],
    };
  });
}

function checkFrames(value: unknown): DebugStackFrame[] {
  if (!Array.isArray(value)) throw invalid();
  return value.map((frame) => {
    if (!isRecord(frame) || typeof frame['name'] !== 'string') throw invalid();
    const checked: DebugStackFrame = { name: frame['name'] };
    if (typeof frame['file'] === 'string') checked.file = frame['file'];
    if (typeof frame['line'] === 'number') checked.line = frame['line'];
    if (typeof frame['column'] === 'number') checked.column = frame['column'];
    return checked;
  });
}

function checkBreak(value: unknown): BreakInfo {
  if (!isRecord(value) || typeof value['reason'] !== 'string' || !REASONS.has(value['reason'])) throw invalid();
  const fiber = value['fiber'];
  if (!isRecord(fiber) || typeof fiber['id'] !== 'number' || typeof fiber['name'] !== 'string') throw invalid();
  const info: BreakInfo = {
    reason: value['reason'] as BreakInfo['reason'],
    fiber: { id: fiber['id'], name: fiber['name'] },
    frames: checkFrames(value['frames']),
    globals: checkVariables(value['globals']),
    locals: checkVariables(value['locals']),
  };
  if (typeof value['statementId'] === 'number') info.statementId = value['statementId'];
  if (typeof value['exceptionMessage'] === 'string') info.exceptionMessage = value['exceptionMessage'];
  if (typeof value['exceptionStack'] === 'string') info.exceptionStack = value['exceptionStack'];
  return info;
}
