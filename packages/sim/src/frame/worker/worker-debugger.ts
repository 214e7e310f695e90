// The program worker's side of the debugger (issue 18): one RuntimeDebugger per board of a debug
// build, the page's commands applied to them, and each stop posted to the page. When one board
// stops the others are held too (they share the radio and the clock), and released with it.
// Exceptions are not posted here: they already travel as `error` messages.

import { type BreakInfo, type DebugVariable, RuntimeDebugger } from '@blockyard/runtime';
import type { SimBoard } from '../sim-board.ts';
import {
  MAX_ERROR_CHARS,
  MAX_WORKER_VARIABLES,
  type WorkerDebugCommand,
  type WorkerToPage,
} from './worker-protocol.ts';

export class WorkerDebugger {
  private readonly debuggers = new Map<number, { board: SimBoard; debugger: RuntimeDebugger }>();
  private breakpoints: number[];
  /** The board that stopped, while one has. */
  private haltedBoard: number | undefined;

  constructor(
    private readonly post: (message: WorkerToPage) => void,
    breakpoints: readonly number[] = [],
  ) {
    this.breakpoints = [...breakpoints];
  }

  /** Attaches to a board's runtime before its program starts. */
  attach(board: SimBoard): void {
    const attached = new RuntimeDebugger(board.board.runtime);
    attached.setBreakpoints(this.breakpoints);
    attached.onBreak((info) => this.onBreak(board, info));
    this.debuggers.set(board.id, { board, debugger: attached });
  }

  detach(boardId: number): void {
    this.debuggers.get(boardId)?.debugger.detach();
    this.debuggers.delete(boardId);
    if (this.haltedBoard === boardId) this.release();
  }

  apply(command: WorkerDebugCommand): void {
    switch (command.command) {
      case 'config':
        this.breakpoints = command.ids.filter((id) => Number.isInteger(id) && id >= 0);
        for (const { debugger: d } of this.debuggers.values()) d.setBreakpoints(this.breakpoints);
        break;
      case 'pause':
        if (this.haltedBoard === undefined) for (const { debugger: d } of this.debuggers.values()) d.pause();
        break;
      case 'variables': {
        const halted = this.halted();
        const list = halted ? halted.debugger.variables(Number(command.ref) || 0) : [];
        this.post({ type: 'variables', req: Number(command.req) || 0, variables: capped(list) });
        break;
      }
      default: {
        const halted = this.halted();
        this.release();
        if (!halted) break;
        if (command.command === 'resume') halted.debugger.resume();
        else
          halted.debugger.step(
            command.command === 'stepover' ? 'over' : command.command === 'stepinto' ? 'into' : 'out',
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
    // A pause asked of every board is answered by the first to stop: the others stop asking.
    for (const [id, other] of this.debuggers) {
      if (id === board.id) continue;
      other.board.board.runtime.pause();
    }
    this.post({
      type: 'break',
      board: board.id,
      reason: info.reason === 'breakpoint' || info.reason === 'step' ? info.reason : 'pause',
      ...(info.statementId !== undefined ? { statementId: info.statementId } : {}),
      thread: info.fiber.name.slice(0, 200),
      frames: info.frames.slice(0, 100).map((f) => ({
        name: f.name.slice(0, 200),
        ...(f.file !== undefined ? { file: f.file.slice(0, 200) } : {}),
        ...(f.line !== undefined ? { line: f.line } : {}),
        ...(f.column !== undefined ? { column: f.column } : {}),
      })),
      globals: capped(info.globals),
      locals: capped(info.locals),
    });
  }

  /** The other boards run again (the halted one is resumed or stepped by the caller). */
  private release(): void {
    const halted = this.haltedBoard;
    this.haltedBoard = undefined;
    for (const [id, other] of this.debuggers) {
      if (id === halted) continue;
      other.board.board.runtime.resume();
      // A pause that reached this board but found nothing to stop at is withdrawn.
      if (!other.debugger.halted) other.debugger.resume();
    }
  }
}

function capped(list: readonly DebugVariable[]): DebugVariable[] {
  return list.slice(0, MAX_WORKER_VARIABLES).map((v) => ({
    name: v.name.slice(0, MAX_ERROR_CHARS),
    value: v.value.slice(0, MAX_ERROR_CHARS),
    type: v.type,
    ref: v.ref,
  }));
}
