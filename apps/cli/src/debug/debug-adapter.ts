// `blockyard debug`: a Debug Adapter (issue 18, spec 002 §5, §7, §8) that VS Code or any DAP client
// drives over a pair of streams. The program is compiled here as a debug build and runs in the
// same sandbox process as `blockyard run` (sandbox/debug-in-sandbox.ts), on virtual boards with
// the options of `run` (--boards, --press, --set, --serial, --time). One thread per fiber; when a
// board stops, every board waits.
//
// Order of a session: initialize (native paths only, else 2018) -> launch (compiles and starts
// the sandbox, then the `initialized` event) -> setBreakpoints -> configurationDone (the program
// starts) -> stopped / continued / output events -> terminated when the run is over.

import { basename, resolve } from 'node:path';
import {
  Breakpoint,
  ContinuedEvent,
  DebugSession,
  Handles,
  InitializedEvent,
  OutputEvent,
  Scope,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { type CompiledProgram, placeBreakpoints } from '@blockyard/language';
import { type BreakInfo, type DebugVariable, fiberDisplayName } from '@blockyard/runtime';
import type { CliIo } from '../cli-io.ts';
import { compileForCli } from '../commands/compile.ts';
import { describeRunError } from '../commands/run.ts';
import {
  RunOptionError,
  parseBoards,
  parsePresses,
  parseSerialInput,
  parseSettings,
  parseTime,
  parseTimeout,
} from '../commands/run-options.ts';
import { SandboxDebugger } from '../sandbox/debug-in-sandbox.ts';
import type { SandboxDebugLine, SandboxThread } from '../sandbox/sandbox-debug-protocol.ts';
import type { SandboxReport } from '../sandbox/sandbox-protocol.ts';

/** What a launch configuration may say (the options of `blockyard run`, as in its --help). */
export interface BlockyardLaunchArguments extends DebugProtocol.LaunchRequestArguments {
  /** A .ts or .py file, or a project folder. */
  program: string;
  /** The folder `program` is relative to (default: where the adapter was started). */
  cwd?: string;
  boards?: number | string;
  press?: string;
  set?: string;
  serial?: string;
  /** Virtual milliseconds to run (default 5000). */
  time?: number | string;
  /** Real seconds one stretch of running may take before the program counts as stuck. */
  timeout?: number | string;
  /** Run as fast as the computer can (like `blockyard run`) instead of at a real board's pace. */
  fast?: boolean;
}

/** Error numbers this adapter answers with (spec 002 §8; 1014 comes from the library). */
const DAP_ERRORS = {
  exception: 1104,
  nativePathsOnly: 2018,
  cannotLaunch: 3001,
  notRunning: 3002,
} as const;

type VariableHandle = { kind: 'locals' } | { kind: 'globals' } | { kind: 'child'; ref: number };

export class BlockyardDebugSession extends DebugSession {
  private sandbox: SandboxDebugger | undefined;
  private program: CompiledProgram | undefined;
  /** Program file name (main.ts) -> absolute path, and back. */
  private readonly paths = new Map<string, string>();
  private readonly breakpointsByFile = new Map<number, number[]>();
  private boards = 1;
  private halt: { board: number; info: BreakInfo; threadId: number } | undefined;
  private readonly threadIds = new Map<string, number>();
  private variableHandles = new Handles<VariableHandle>();
  private configured: () => void = () => undefined;
  private readonly configurationDone = new Promise<void>((done) => {
    this.configured = done;
  });
  private finished = false;
  private readonly onFinished: Promise<void>;
  private markFinished: () => void = () => undefined;

  constructor(private readonly cwd: string) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
    this.onFinished = new Promise((done) => {
      this.markFinished = done;
    });
  }

  /** Resolves when the client disconnected or the streams closed. */
  get done(): Promise<void> {
    return this.onFinished;
  }

  /** Never `process.exit` (the library's default): the CLI ends on its own. */
  override shutdown(): void {
    if (this.finished) return;
    this.finished = true;
    this.sandbox?.kill();
    this.markFinished();
  }

  /** A client whose paths are not native (`pathFormat` other than "path") never gets here: the
   * library answers it with 2018 "debug adapter only supports native paths". */
  /** Nothing more goes to a client that has gone (its stream may be closed). */
  override sendEvent(event: DebugProtocol.Event): void {
    if (!this.finished) super.sendEvent(event);
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      ...response.body,
      supportsConfigurationDoneRequest: true,
      supportsTerminateRequest: false,
      supportsStepBack: false,
    };
    this.sendResponse(response);
  }

  protected override launchRequest(
    response: DebugProtocol.LaunchResponse,
    args: DebugProtocol.LaunchRequestArguments,
  ): void {
    void this.guard(response, () => this.launch(response, args as BlockyardLaunchArguments));
  }

  private async launch(response: DebugProtocol.LaunchResponse, args: BlockyardLaunchArguments): Promise<void> {
    if (typeof args.program !== 'string' || args.program === '') {
      this.sendErrorResponse(
        response,
        DAP_ERRORS.cannotLaunch,
        'Say which program to debug: "program" in the launch configuration.',
      );
      return;
    }
    const cwd = typeof args.cwd === 'string' ? resolve(this.cwd, args.cwd) : this.cwd;
    let script;
    let timeLimitMs: number;
    try {
      const boards = parseBoards(optional(args.boards));
      script = {
        boards,
        timeMs: parseTime(optional(args.time)),
        presses: parsePresses(optional(args.press), boards),
        settings: parseSettings(optional(args.set), boards),
        serialInput: parseSerialInput(optional(args.serial), boards),
      };
      timeLimitMs = parseTimeout(optional(args.timeout), script.timeMs);
    } catch (error) {
      if (!(error instanceof RunOptionError)) throw error;
      this.sendErrorResponse(response, DAP_ERRORS.cannotLaunch, error.message);
      return;
    }
    // What the compiler prints goes to the client's console, never to the protocol's stream.
    const io: CliIo = {
      cwd,
      stdout: (text) => this.sendEvent(new OutputEvent(text, 'stderr')),
      stderr: (text) => this.sendEvent(new OutputEvent(text, 'stderr')),
    };
    const compiled = await compileForCli(args.program, io, { debug: true });
    const program = compiled?.result.program;
    if (!compiled || !program) {
      this.sendErrorResponse(
        response,
        DAP_ERRORS.cannotLaunch,
        'The program has problems (listed in the debug console): fix them, then start again.',
      );
      return;
    }
    this.program = program;
    this.boards = script.boards;
    for (const [name, shown] of Object.entries(compiled.source.shownAs)) this.paths.set(name, resolve(cwd, shown));
    this.sandbox = await SandboxDebugger.start(
      { program, ...script, timeLimitMs, fast: args.fast === true },
      {
        output: (lines) => this.output(lines),
        stopped: (board, info) => this.stopped(board, info),
        continued: () => this.sendEvent(new ContinuedEvent(this.halt?.threadId ?? 1, true)),
        ended: (report, problem) => this.ended(report, problem, compiled.source.shownAs),
      },
    );
    this.sendResponse(response);
    this.sendEvent(new InitializedEvent());
    await this.configurationDone;
    // The launch is answered: a sandbox that ended meanwhile is reported by `ended`, not here.
    if (!this.sandbox.ended) await this.sandbox.send({ command: 'start' }).catch(() => undefined);
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.sendResponse(response);
    this.configured();
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    void this.guard(response, async () => {
      const lines = (args.breakpoints ?? []).map((b) => this.convertClientLineToDebugger(b.line));
      const program = this.program;
      const path = args.source.path ? resolve(this.cwd, args.source.path) : undefined;
      const name = [...this.paths].find(([, absolute]) => absolute === path)?.[0];
      const fileIndex = name && program ? program.positions.files.indexOf(name) : -1;
      if (!program || fileIndex < 0 || !program.statements) {
        response.body = {
          breakpoints: lines.map(() => {
            const unplaced: DebugProtocol.Breakpoint = new Breakpoint(false);
            unplaced.message = program
              ? 'This file is not part of the program being debugged.'
              : 'Start debugging first.';
            return unplaced;
          }),
        };
        this.sendResponse(response);
        return;
      }
      const placed = placeBreakpoints(program.statements, fileIndex, lines);
      this.breakpointsByFile.set(
        fileIndex,
        placed.flatMap((p) => (p.statementId === undefined ? [] : [p.statementId])),
      );
      await this.sandbox?.send({ command: 'breakpoints', ids: [...this.breakpointsByFile.values()].flat() });
      response.body = {
        breakpoints: placed.map((p) => {
          if (p.line === undefined) {
            const unplaced: DebugProtocol.Breakpoint = new Breakpoint(false);
            unplaced.message = 'No code runs on or after this line.';
            return unplaced;
          }
          return new Breakpoint(true, this.convertDebuggerLineToClient(p.line));
        }),
      };
      this.sendResponse(response);
    });
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    void this.guard(response, async () => {
      let threads: SandboxThread[] = [];
      if (this.sandbox && !this.sandbox.ended) {
        threads = (await this.sandbox.send({ command: 'threads' }).catch(() => ({ threads: [] }))).threads ?? [];
      }
      const list = threads.map((t) => new Thread(this.threadId(t.board, t.fiber), this.threadName(t.board, t.name)));
      if (this.halt && !list.some((t) => t.id === this.halt!.threadId)) {
        list.unshift(new Thread(this.halt.threadId, this.threadName(this.halt.board, this.halt.info.fiber.name)));
      }
      if (list.length === 0) list.push(new Thread(this.threadId(1, 0), 'main'));
      response.body = { threads: list };
      this.sendResponse(response);
    });
  }

  protected override stackTraceRequest(
    response: DebugProtocol.StackTraceResponse,
    args: DebugProtocol.StackTraceArguments,
  ): void {
    const stop = this.halt;
    if (!stop || stop.threadId !== args.threadId) {
      response.body = { stackFrames: [], totalFrames: 0 };
      this.sendResponse(response);
      return;
    }
    const frames = stop.info.frames.map((frame, i) => {
      const path = frame.file ? this.paths.get(frame.file) : undefined;
      const source = path ? new Source(basename(path), this.convertDebuggerPathToClient(path)) : undefined;
      return new StackFrame(
        i + 1,
        frame.name,
        source,
        this.convertDebuggerLineToClient(frame.line ?? 1),
        this.convertDebuggerColumnToClient(frame.column ?? 1),
      );
    });
    const start = args.startFrame ?? 0;
    const count = args.levels && args.levels > 0 ? args.levels : frames.length;
    response.body = { stackFrames: frames.slice(start, start + count), totalFrames: frames.length };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    const scopes: DebugProtocol.Scope[] = [];
    // Only the innermost frame's locals are known (the runtime hands over the stopped function's).
    if (args.frameId === 1 && this.halt?.info.reason !== 'exception') {
      scopes.push(new Scope('Locals', this.variableHandles.create({ kind: 'locals' }), false));
    }
    scopes.push(new Scope('Globals', this.variableHandles.create({ kind: 'globals' }), false));
    response.body = { scopes };
    this.sendResponse(response);
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    void this.guard(response, async () => {
      const handle = this.variableHandles.get(args.variablesReference);
      let list: DebugVariable[] = [];
      if (this.halt && handle) {
        if (handle.kind === 'locals') list = this.halt.info.locals;
        else if (handle.kind === 'globals') list = this.halt.info.globals;
        else list = (await this.sandbox?.send({ command: 'variables', ref: handle.ref }))?.variables ?? [];
      }
      response.body = {
        variables: list.map((v) => ({
          name: v.name,
          value: v.value,
          type: v.type,
          variablesReference: v.ref > 0 ? this.variableHandles.create({ kind: 'child', ref: v.ref }) : 0,
        })),
      };
      this.sendResponse(response);
    });
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    void this.goOn(response, { command: 'continue' }, () => {
      response.body = { allThreadsContinued: true };
    });
  }

  protected override nextRequest(response: DebugProtocol.NextResponse): void {
    void this.goOn(response, { command: 'step', kind: 'over' });
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse): void {
    void this.goOn(response, { command: 'step', kind: 'into' });
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    void this.goOn(response, { command: 'step', kind: 'out' });
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse): void {
    void this.guard(response, async () => {
      await this.running().send({ command: 'pause' });
      this.sendResponse(response);
    });
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    void (async () => {
      if (this.sandbox && !this.sandbox.ended) {
        await Promise.race([this.sandbox.send({ command: 'stop' }).catch(() => undefined), delay(2000)]);
      }
      this.sendResponse(response);
      this.shutdown();
    })();
  }

  private async goOn(
    response: DebugProtocol.Response,
    command: { command: 'continue' } | { command: 'step'; kind: 'over' | 'into' | 'out' },
    fill?: () => void,
  ): Promise<void> {
    await this.guard(response, async () => {
      const sandbox = this.running();
      this.halt = undefined;
      this.variableHandles = new Handles<VariableHandle>();
      fill?.();
      // Answered first: the next stop may come right behind the reply.
      this.sendResponse(response);
      await sandbox.send(command);
    });
  }

  private running(): SandboxDebugger {
    if (!this.sandbox || this.sandbox.ended) throw new NotRunning();
    return this.sandbox;
  }

  /** Runs a request's work; a failure answers it with 1104 (or "not running") instead of hanging. */
  private async guard(response: DebugProtocol.Response, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof NotRunning) {
        this.sendErrorResponse(response, DAP_ERRORS.notRunning, 'The program is not running.');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.sendErrorResponse(response, DAP_ERRORS.exception, `The debugger failed: ${message}`);
    }
  }

  private threadId(board: number, fiber: number): number {
    const key = `${board}:${fiber}`;
    let id = this.threadIds.get(key);
    if (id === undefined) {
      id = this.threadIds.size + 1;
      this.threadIds.set(key, id);
    }
    return id;
  }

  private threadName(board: number, fiber: string): string {
    const name = fiberDisplayName(fiber);
    return this.boards > 1 ? `board ${board}: ${name}` : name;
  }

  private prefix(board: number): string {
    return this.boards > 1 ? `[board ${board}] ` : '';
  }

  private output(lines: SandboxDebugLine[]): void {
    for (const line of lines) this.sendEvent(new OutputEvent(`${this.prefix(line.board)}${line.text}\n`, 'stdout'));
  }

  private stopped(board: number, info: BreakInfo): void {
    const threadId = this.threadId(board, info.fiber.id);
    this.halt = { board, info, threadId };
    this.variableHandles = new Handles<VariableHandle>();
    if (info.reason === 'exception') {
      const stack = info.exceptionStack ? `\n${info.exceptionStack}` : '';
      this.sendEvent(new OutputEvent(`${this.prefix(board)}error: ${info.exceptionMessage ?? ''}${stack}\n`, 'stderr'));
    }
    const event: DebugProtocol.StoppedEvent = new StoppedEvent(info.reason, threadId, info.exceptionMessage);
    event.body.allThreadsStopped = true;
    if (this.boards > 1) event.body.description = `Board ${board} stopped (${info.reason})`;
    this.sendEvent(event);
  }

  private ended(report: SandboxReport | undefined, problem: string | undefined, shownAs: Record<string, string>): void {
    this.halt = undefined;
    if (report) {
      for (const board of report.boards) {
        this.sendEvent(new OutputEvent(`--- board ${board.id} leds\n${board.leds.join('\n')}\n`, 'console'));
      }
      for (const board of report.boards) {
        if (board.error) {
          this.sendEvent(
            new OutputEvent(`${this.prefix(board.id)}error: ${describeRunError(board.error, shownAs)}\n`, 'stderr'),
          );
        }
      }
      if (report.interrupted) {
        this.sendEvent(
          new OutputEvent('error: the program computed without a pause for too long, so it was stopped.\n', 'stderr'),
        );
      }
    } else if (problem && !this.finished) {
      this.sendEvent(new OutputEvent(`error: ${problem}\n`, 'stderr'));
    }
    if (!this.finished) this.sendEvent(new TerminatedEvent());
  }
}

class NotRunning extends Error {}

function optional(value: number | string | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
