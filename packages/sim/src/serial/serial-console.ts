// The serial console's model: batches from the boards (spec 002 §9 batching splits lines
// anywhere) become lines per board. Text not yet ended by a newline shows as the board's open
// line. The console keeps the last MAX_LINES lines; the plotter hears every completed line.
// Everything is bounded: a line longer than MAX_LINE_CHARS is cut there (the rest, up to its
// newline, is dropped and the line marked), and each batch is scanned once, so a program that
// writes without newlines costs the editor no more than one that writes short lines.

import type { SerialEntry } from '../protocol/protocol.ts';

export const MAX_CONSOLE_LINES = 1000;
/** Characters kept of one line; longer lines are cut and marked `cut`. */
export const MAX_LINE_CHARS = 4096;

export interface ConsoleLine {
  /** Sequence number (stable React keys). */
  id: number;
  board: number;
  /** Time of the batch that completed the line (the frame's clock, ms). */
  time: number;
  text: string;
  /** The line was longer than MAX_LINE_CHARS: `text` is its beginning. */
  cut?: boolean;
}

export interface ConsoleSnapshot {
  readonly lines: readonly ConsoleLine[];
  /** Text written without a newline yet, per board (at most MAX_LINE_CHARS each). */
  readonly open: ReadonlyMap<number, string>;
  /** How many lines fell off the top. */
  readonly dropped: number;
  /** Characters left out because the program wrote faster than the console takes. */
  readonly droppedChars: number;
}

interface OpenLine {
  text: string;
  cut: boolean;
}

/** The text without trailing spaces and carriage returns (a loop: linear on any input). */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 13)) end--;
  return end === text.length ? text : text.slice(0, end);
}

export class SerialConsole {
  private lines: ConsoleLine[] = [];
  private readonly partial = new Map<number, OpenLine>();
  private nextId = 1;
  private dropped = 0;
  private droppedChars = 0;
  private snapshot: ConsoleSnapshot = { lines: [], open: new Map(), dropped: 0, droppedChars: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly lineListeners = new Set<(line: ConsoleLine) => void>();

  constructor(
    private readonly maxLines = MAX_CONSOLE_LINES,
    private readonly maxLineChars = MAX_LINE_CHARS,
  ) {}

  push(entries: readonly SerialEntry[]): void {
    if (entries.length === 0) return;
    const added: ConsoleLine[] = [];
    for (const entry of entries) this.take(entry, added);
    if (added.length > this.maxLines) {
      this.dropped += added.length - this.maxLines;
      added.splice(0, added.length - this.maxLines);
    }
    this.lines = this.lines.concat(added);
    if (this.lines.length > this.maxLines) {
      this.dropped += this.lines.length - this.maxLines;
      this.lines = this.lines.slice(-this.maxLines);
    }
    this.publish();
    for (const line of added) for (const listener of this.lineListeners) listener(line);
  }

  /** Some output never reached the console (the editor's rate limit): the console says so. */
  noteDropped(chars: number): void {
    if (chars <= 0) return;
    this.droppedChars += chars;
    this.publish();
  }

  clear(): void {
    this.lines = [];
    this.partial.clear();
    this.dropped = 0;
    this.droppedChars = 0;
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

  /** One batch: only its own text is scanned; the open line grows up to the cap and no further. */
  private take(entry: SerialEntry, added: ConsoleLine[]): void {
    const open = this.partial.get(entry.board) ?? { text: '', cut: false };
    const data = entry.data;
    let start = 0;
    for (;;) {
      const newline = data.indexOf('\n', start);
      const end = newline < 0 ? data.length : newline;
      if (!open.cut) {
        const room = this.maxLineChars - open.text.length;
        if (end - start > room) {
          open.text += data.slice(start, start + room);
          open.cut = true;
        } else open.text += data.slice(start, end);
      }
      if (newline < 0) break;
      const line: ConsoleLine = { id: this.nextId++, board: entry.board, time: entry.time, text: trimEnd(open.text) };
      if (open.cut) line.cut = true;
      added.push(line);
      // Only the newest lines are kept: older ones of a huge batch are counted and let go.
      if (added.length > this.maxLines * 2) {
        this.dropped += added.length - this.maxLines;
        added.splice(0, added.length - this.maxLines);
      }
      open.text = '';
      open.cut = false;
      start = newline + 1;
    }
    this.partial.set(entry.board, open);
  }

  private publish(): void {
    const open = new Map<number, string>();
    for (const [board, line] of this.partial) {
      if (trimEnd(line.text) !== '') open.set(board, line.text.endsWith('\r') ? line.text.slice(0, -1) : line.text);
    }
    this.snapshot = { lines: this.lines, open, dropped: this.dropped, droppedChars: this.droppedChars };
    for (const listener of this.listeners) listener();
  }
}
