// The serial port's output side with the simulator's batching (spec 002 §9): written text is
// buffered and sent as one batch when it holds a newline or more than 16 characters, at most one
// batch per 200 ms. A batch held back by the 200 ms rule goes out when the wait is over, so
// nothing stays stuck. Received text waits in `input` (see serial-input.ts).

import type { Clock, TimerHandle } from '@blockyard/core';
import { SerialInput } from './serial-input.ts';

const SERIAL_BUFFER_LENGTH = 16;
const SERIAL_MIN_BATCH_INTERVAL_MS = 200;
/**
 * Characters one batch holds at most. A program that writes more within 200 ms loses the rest
 * (the batch says how much), as text written faster than a device's serial line can carry is
 * lost there too; the buffer never grows without bound (issue 21).
 */
export const SERIAL_MAX_BATCH_CHARS = 256 * 1024;

/** One "serial batch" message: the time it was sent and the text. */
export interface SerialBatch {
  time: number;
  data: string;
}

export class SerialPort {
  /** Spaces that pad each writeLine to a multiple of this many bytes (serial.setWriteLinePadding). */
  writeLinePadding = 32;
  /** Text received from the computer, not yet read by the program. */
  readonly input = new SerialInput();
  /** serial.setBaudRate / redirect: kept for the board view; the simulated line has no speed. */
  baudRate = 115200;
  /** serial.setTxBufferSize: kept; batching (above) is what decides when text leaves. */
  txBufferSize = 20;
  /** serial.redirect: the pins the program moved the line to, or undefined for USB. */
  redirectedTo: { tx: number; rx: number } | undefined;
  private buffer = '';
  private dropped = 0;
  private lastBatch = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | undefined;
  private readonly listeners = new Set<(batch: SerialBatch) => void>();

  constructor(private readonly clock: Clock) {}

  write(text: string): void {
    const room = SERIAL_MAX_BATCH_CHARS - this.buffer.length;
    if (text.length > room) {
      this.dropped += text.length - Math.max(0, room);
      if (room > 0) this.buffer += text.slice(0, room);
    } else this.buffer += text;
    if (this.timer !== undefined) return;
    if (!this.buffer.includes('\n') && this.buffer.length <= SERIAL_BUFFER_LENGTH) return;
    const wait = this.lastBatch + SERIAL_MIN_BATCH_INTERVAL_MS - this.clock.now();
    if (wait <= 0) this.flush();
    else {
      this.timer = this.clock.setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, wait);
    }
  }

  /** Sends whatever is buffered now (also used when a run ends). */
  flush(): void {
    if (this.timer !== undefined) this.clock.clear(this.timer);
    this.timer = undefined;
    if (this.buffer.length === 0) return;
    const note = this.dropped > 0 ? `\n[${this.dropped} characters were left out: written too fast]\n` : '';
    const batch: SerialBatch = { time: this.clock.now(), data: this.buffer + note };
    this.buffer = '';
    this.dropped = 0;
    this.lastBatch = batch.time;
    for (const listener of this.listeners) listener(batch);
  }

  /** Text waiting for the next batch. */
  get pending(): string {
    return this.buffer;
  }

  onBatch(listener: (batch: SerialBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
