// The serial console's model: batches from the boards (spec 002 §9 batching splits lines
// anywhere) become lines per board. Text not yet ended by a newline shows as the board's open
// line. The console keeps the last MAX_LINES lines; the plotter hears every completed line.

import type { SerialEntry } from '../protocol/protocol.ts';

export const MAX_CONSOLE_LINES = 1000;

export interface ConsoleLine {
  /** Sequence number (stable React keys). */
  id: number;
  board: number;
  /** Time of the batch that completed the line (the frame's clock, ms). */
  time: number;
  text: string;
}

export interface ConsoleSnapshot {
  readonly lines: readonly ConsoleLine[];
  /** Text written without a newline yet, per board. */
  readonly open: ReadonlyMap<number, string>;
  /** How many lines fell off the top. */
  readonly dropped: number;
}

export class SerialConsole {
  private lines: ConsoleLine[] = [];
  private readonly partial = new Map<number, string>();
  private nextId = 1;
  private dropped = 0;
  private snapshot: ConsoleSnapshot = { lines: [], open: new Map(), dropped: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly lineListeners = new Set<(line: ConsoleLine) => void>();

  constructor(private readonly maxLines = MAX_CONSOLE_LINES) {}

  push(entries: readonly SerialEntry[]): void {
    if (entries.length === 0) return;
    const added: ConsoleLine[] = [];
    for (const entry of entries) {
      const parts = ((this.partial.get(entry.board) ?? '') + entry.data).split('\n');
      this.partial.set(entry.board, parts.pop() ?? '');
      for (const part of parts) {
        added.push({ id: this.nextId++, board: entry.board, time: entry.time, text: part.replace(/[ \r]+$/, '') });
      }
    }
    this.lines = this.lines.concat(added);
    if (this.lines.length > this.maxLines) {
      this.dropped += this.lines.length - this.maxLines;
      this.lines = this.lines.slice(-this.maxLines);
    }
    this.publish();
    for (const line of added) for (const listener of this.lineListeners) listener(line);
  }

  clear(): void {
    this.lines = [];
    this.partial.clear();
    this.dropped = 0;
    this.publish();
  }

  /** Everything as text, one line each ("[board 2] " prefixes when several boards wrote). */
  text(): string {
    const several = new Set(this.lines.map((l) => l.board)).size > 1;
    return this.lines.map((l) => (several ? `[board ${l.board}] ${l.text}` : l.text)).join('\n');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): ConsoleSnapshot {
    return this.snapshot;
  }

  onLine(listener: (line: ConsoleLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  private publish(): void {
    const open = new Map<number, string>();
    for (const [board, text] of this.partial)
      if (text.replace(/[ \r]+$/, '') !== '') open.set(board, text.replace(/\r$/, ''));
    this.snapshot = { lines: this.lines, open, dropped: this.dropped };
    for (const listener of this.listeners) listener();
  }
}
