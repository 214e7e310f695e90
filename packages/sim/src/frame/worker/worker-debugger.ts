// The program worker's side of the debugger (issue 18): one RuntimeDebugger per board of a debug
// build, the editor's requests applied to them (checked with the shared schema of
// protocol/debugger-messages.ts), and each stop, slow-motion trace and variables answer posted
// to the page in the editor's own message shape (the page adds the run's id). When one board
// stops the others are held too (they share the radio and the clock), and released with it.
// Exceptions are not posted here: they already travel as `error` messages.

import {
  type BlockName,
  type BreakInfo,
  type DebugVariable,
  fiberDisplayName,
  RuntimeDebugger,
} from '@blockyard/runtime';
import { type BlockNameInfo, type DebuggerVariable, checkDebuggerRequest } from '../../protocol/debugger-messages.ts';
import { MAX_DEBUG_VARIABLES, MAX_SHORT_TEXT, MAX_STACK_FRAMES } from '../../protocol/frame-limits.ts';
import type { SimBoard } from '../sim-board.ts';
import type { WorkerToPage } from './worker-protocol.ts';

export class WorkerDebugger {
  private readonly debuggers = new Map<number, { board: SimBoard; debugger: RuntimeDebugger }>();
  private breakpoints: number[];
  private traceInterval: number;
  /** The board that stopped, while one has. */
  private haltedBoard: number | undefined;

  constructor(
    private readonly post: (message: WorkerToPage) => void,
    breakpoints: readonly number[] = [],
    traceInterval = 0,
  ) {
    this.breakpoints = [...breakpoints];
    this.traceInterval = traceInterval;
  }

  /** Attaches to a board's runtime before its program starts. */
  attach(board: SimBoard): void {
    const attached = new RuntimeDebugger(board.board.runtime);
    attached.setBreakpoints(this.breakpoints);
    attached.setTrace(this.traceInterval);
    attached.onBreak((info) => this.onBreak(board, info));
    attached.onTrace((info) =>
      this.post({ type: 'debugger', subtype: 'trace', breakpointId: info.statementId, board: board.id }),
    );
    attached.onTraceEnd(() => this.post({ type: 'debugger', subtype: 'trace', board: board.id }));
    this.debuggers.set(board.id, { board, debugger: attached });
  }

  detach(boardId: number): void {
    this.debuggers.get(boardId)?.debugger.detach();
    this.debuggers.delete(boardId);
    if (this.haltedBoard === boardId) this.release();
  }

  /** A request from the page; one that does not match the schema is answered with a warning. */
  apply(data: unknown): void {
    const checked = checkDebuggerRequest(data);
    if (!checked.ok) {
      this.post({ type: 'debugger', subtype: 'warning', message: checked.error.slice(0, MAX_SHORT_TEXT) });
      return;
    }
    const request = checked.message;
    switch (request.subtype) {
      case 'config':
        this.breakpoints = request.setBreakpoints;
        for (const { debugger: d } of this.debuggers.values()) d.setBreakpoints(this.breakpoints);
        break;
      case 'traceConfig':
        this.traceInterval = request.interval;
        for (const { debugger: d } of this.debuggers.values()) d.setTrace(this.traceInterval);
        break;
      case 'pause':
        if (this.haltedBoard === undefined) for (const { debugger: d } of this.debuggers.values()) d.pause();
        break;
      case 'variables': {
        const halted = this.halted();
        const list = halted ? halted.debugger.variables(request.variablesReference) : [];
        this.post({ type: 'debugger', subtype: 'variables', req: request.req, variables: capped(list) });
        break;
      }
      default: {
        const halted = this.halted();
        this.release();
        if (!halted) break;
        if (request.subtype === 'resume') halted.debugger.resume();
        else
          halted.debugger.step(
            request.subtype === 'stepover' ? 'over' : request.subtype === 'stepinto' ? 'into' : 'out',
          );
        break;
      }
    }
  }

  private halted() {
    return this.haltedBoard === undefined ? undefined : this.debuggers.get(this.haltedBoard);
  }

  private onBreak(board: SimBoard, info: BreakInfo): void {
    if (info.reason === 'exception') return;
    this.haltedBoard = board.id;
    // A pause asked of every board is answered by the first to stop: the others are held.
    for (const [id, other] of this.debuggers) if (id !== board.id) other.debugger.hold();
    const frames = info.frames.slice(0, MAX_STACK_FRAMES).map((f, i) => ({
      name: f.name.slice(0, MAX_SHORT_TEXT),
      ...(f.block ? { block: blockNameOf(f.block) } : {}),
      ...(f.file !== undefined ? { file: f.file.slice(0, MAX_SHORT_TEXT) } : {}),
      ...(f.line !== undefined ? { line: f.line } : {}),
      ...(f.column !== undefined ? { column: f.column } : {}),
      // The innermost frame carries the variables in scope there.
      ...(i === 0 ? { locals: capped(info.locals) } : {}),
    }));
    this.post({
      type: 'debugger',
      subtype: 'breakpoint',
      board: board.id,
      reason: info.reason === 'breakpoint' || info.reason === 'step' ? info.reason : 'pause',
      ...(info.statementId !== undefined ? { breakpointId: info.statementId } : {}),
      thread: fiberDisplayName(info.fiber.name).slice(0, MAX_SHORT_TEXT),
      ...(info.fiber.block ? { threadBlock: blockNameOf(info.fiber.block) } : {}),
      stackframes: frames,
      globals: capped(info.globals),
    });
  }

  /** The other boards run again (the halted one is resumed or stepped by the caller). */
  private release(): void {
    const halted = this.haltedBoard;
    this.haltedBoard = undefined;
    for (const [id, other] of this.debuggers) {
      if (id === halted) continue;
      other.debugger.unhold();
      // A pause that reached this board but found nothing to stop at is withdrawn.
      if (!other.debugger.halted) other.debugger.resume();
    }
  }
}

function capped(list: readonly DebugVariable[]): DebuggerVariable[] {
  return list.slice(0, MAX_DEBUG_VARIABLES).map((v) => ({
    name: v.name.slice(0, MAX_SHORT_TEXT),
    value: v.value.slice(0, MAX_SHORT_TEXT),
    type: v.type.slice(0, 20),
    ref: v.ref,
  }));
}

/** A block's name as the editor gets it: its key and values (the English text is `name`). */
function blockNameOf(block: BlockName): BlockNameInfo {
  return { key: block.key, ...(block.values ? { values: { ...block.values } } : {}) };
}
