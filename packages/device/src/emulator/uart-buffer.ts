// The serial line between the nRF and the interface chip: what the program writes lands in
// DAPLink's ring buffer (the host drains it with the "serial read" vendor command), bounded like
// the real one: when it is full, new bytes are lost and counted. Bytes written at a baud rate the
// interface chip is not set to arrive as garbage, so they are dropped here too.

export const PROGRAM_BAUD = 115_200;

export class UartBuffer {
  private readonly ring: Uint8Array;
  private start = 0;
  private length = 0;
  /** Bytes lost because the buffer was full or the baud rates differed. */
  dropped = 0;
  /** DAPLink's UART setting (V1 DAPLink starts at 9600). */
  baud: number;
  /** Text the host sent to the program (vendor "serial write"). */
  onHostWrite: ((bytes: Uint8Array) => void) | undefined;

  constructor(capacity: number, baud = 9600) {
    this.ring = new Uint8Array(capacity);
    this.baud = baud;
  }

  get size(): number {
    return this.length;
  }

  /** Bytes from the target at the program's baud rate. */
  fromTarget(bytes: Uint8Array, baud = PROGRAM_BAUD): void {
    if (baud !== this.baud) {
      this.dropped += bytes.length;
      return;
    }
    for (const byte of bytes) {
      if (this.length === this.ring.length) {
        this.dropped++;
        continue;
      }
      this.ring[(this.start + this.length) % this.ring.length] = byte;
      this.length++;
    }
  }

  /** Up to `max` bytes for the host, oldest first. */
  take(max: number): Uint8Array {
    const count = Math.min(max, this.length);
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = this.ring[(this.start + i) % this.ring.length]!;
    this.start = (this.start + count) % this.ring.length;
    this.length -= count;
    return out;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
  }
}
