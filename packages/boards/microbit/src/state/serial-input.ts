// The serial port's input side, as the device has it: received characters wait in a small ring
// buffer (20 bytes by default, so 19 characters fit) until the program reads them; characters
// that arrive while it is full are lost (counted in `dropped`). A received character that is one
// of the `serial.onDataReceived` delimiters raises the "delimiter matched" event.

import { Signal, type Waitable } from '@blockyard/runtime';

/** MICROBIT_ID_SERIAL and its "delimiter matched" event value. */
export const SERIAL_EVENT = { source: 12, delimiterMatch: 1 } as const;

/** The device's receive buffer size in bytes (one slot always stays free). */
export const SERIAL_DEFAULT_RX_BUFFER = 20;

export class SerialInput {
  /** Characters lost because the receive buffer was full, over the whole run. */
  dropped = 0;
  /** Characters that raise the delimiter event (serial.onDataReceived); empty for none. */
  delimiters = '';
  /** Called when a delimiter arrives. */
  onDelimiter: (() => void) | undefined;
  private buffer = '';
  private capacity = SERIAL_DEFAULT_RX_BUFFER;
  private readonly changed = new Signal();

  /** Characters waiting to be read. */
  get available(): string {
    return this.buffer;
  }

  /** The receive buffer size in bytes (serial.setRxBufferSize); it holds one character less. */
  get bufferSize(): number {
    return this.capacity;
  }

  setBufferSize(size: number): void {
    this.capacity = Math.max(1, Math.min(255, Math.trunc(size) || SERIAL_DEFAULT_RX_BUFFER));
    if (this.buffer.length > this.capacity - 1) this.buffer = this.buffer.slice(0, this.capacity - 1);
  }

  /** Text arrives from the computer; what does not fit is dropped. */
  receive(text: string): void {
    let matched = false;
    for (const c of text) {
      if (this.buffer.length >= this.capacity - 1) {
        this.dropped++;
        continue;
      }
      this.buffer += c;
      if (this.delimiters.includes(c)) matched = true;
    }
    if (text.length > 0) this.changed.notifyAll();
    if (matched) this.onDelimiter?.();
  }

  /** Everything buffered, taken out (serial.readString). */
  takeAll(): string {
    const text = this.buffer;
    this.buffer = '';
    return text;
  }

  /** Up to `count` characters, taken out. */
  take(count: number): string {
    const text = this.buffer.slice(0, Math.max(0, count));
    this.buffer = this.buffer.slice(text.length);
    return text;
  }

  /**
   * The text before the first of `delimiters`, taken out with the delimiter; undefined while no
   * delimiter has arrived (serial.readUntil).
   */
  takeUntil(delimiters: string): string | undefined {
    let at = -1;
    for (let i = 0; i < this.buffer.length; i++) {
      if (delimiters.includes(this.buffer[i]!)) {
        at = i;
        break;
      }
    }
    if (at < 0) return undefined;
    const text = this.buffer.slice(0, at);
    this.buffer = this.buffer.slice(at + 1);
    return text;
  }

  /** Completes when more characters arrive. */
  whenReceived(): Waitable {
    return this.changed.wait();
  }

  /** The program restarted: nothing is buffered and no delimiter is watched. */
  reset(): void {
    this.buffer = '';
    this.delimiters = '';
    this.onDelimiter = undefined;
  }
}
