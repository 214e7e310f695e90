// Turns serial batches back into lines for printing: batches split lines anywhere (at 16
// characters, say), so text is joined until a newline. Trailing "\r" and writeLine's padding
// spaces are dropped from each line.

import type { SerialBatch } from '../state/serial-port.ts';

export interface SerialLine {
  /** Time of the batch that completed the line. */
  time: number;
  board: number;
  text: string;
}

export class SerialLineSplitter {
  private partial = '';

  constructor(
    private readonly board: number,
    private readonly emit: (line: SerialLine) => void,
  ) {}

  push(batch: SerialBatch): void {
    const parts = (this.partial + batch.data).split('\n');
    this.partial = parts.pop() ?? '';
    for (const part of parts) this.emit({ time: batch.time, board: this.board, text: clean(part) });
  }

  /** Emits what is left without a newline (at the end of a run). */
  end(time: number): void {
    if (this.partial.length > 0) this.emit({ time, board: this.board, text: clean(this.partial) });
    this.partial = '';
  }
}

function clean(line: string): string {
  return line.replace(/[ \r]+$/, '');
}
