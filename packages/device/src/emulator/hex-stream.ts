// DAPLink's drag-and-drop flashing fed through its vendor commands: Intel HEX text arrives in
// pieces of up to 62 bytes; every complete line is checked and its data programmed at once (a
// page is erased the first time this session writes into it), so a stream cut off half-way leaves
// exactly the pages it reached. Universal Hex blocks for another board are skipped, as DAPLink
// 0255 does; "other data" records (the embedded source) are not programmed.

/** DAPLink's error_t values the flashing commands answer with. */
export const STREAM_STATUS = {
  success: 0,
  failure: 1,
  badAddress: 16,
  done: 18,
  hexChecksum: 24,
  hexParse: 25,
} as const;

export interface StreamTarget {
  /** Board ids of this board's Universal Hex blocks (9900 and 9901 for V1, 9903 and up for V2). */
  acceptsBoardId(boardId: number): boolean;
  /** Programs bytes at an address; returns the milliseconds it took, or -1 when out of flash. */
  program(address: number, data: Uint8Array): number;
}

const HEX = /^:([0-9A-Fa-f]{2})+$/;
/** A hex line longer than this is refused (the longest record is 255 data bytes: 521 characters). */
const MAX_LINE = 600;

export class HexStream {
  private line = '';
  private base = 0;
  private skipping = false;
  private ended = false;
  /** Milliseconds of programming the last `write` caused (the USB answer waits for it). */
  busyMs = 0;
  status: number = STREAM_STATUS.success;
  bytesProgrammed = 0;

  constructor(private readonly target: StreamTarget) {}

  get done(): boolean {
    return this.ended;
  }

  write(chunk: Uint8Array): number {
    this.busyMs = 0;
    if (this.status !== STREAM_STATUS.success) return this.status;
    if (this.ended) return STREAM_STATUS.done;
    for (const byte of chunk) {
      if (byte === 0x0a || byte === 0x0d) {
        if (this.line.length > 0) {
          const status = this.record(this.line);
          this.line = '';
          if (status !== STREAM_STATUS.success) {
            this.status = status;
            return status;
          }
          if (this.ended) return STREAM_STATUS.done;
        }
      } else {
        if (this.line.length >= MAX_LINE) {
          this.status = STREAM_STATUS.hexParse;
          return this.status;
        }
        this.line += String.fromCharCode(byte);
      }
    }
    return STREAM_STATUS.success;
  }

  private record(text: string): number {
    if (!HEX.test(text) || text.length < 11) return STREAM_STATUS.hexParse;
    const bytes = new Uint8Array((text.length - 1) / 2);
    let sum = 0;
    for (let i = 0; i < bytes.length; i++) {
      bytes[i] = parseInt(text.slice(1 + 2 * i, 3 + 2 * i), 16);
      sum += bytes[i]!;
    }
    if ((sum & 0xff) !== 0) return STREAM_STATUS.hexChecksum;
    const length = bytes[0]!;
    if (length + 5 !== bytes.length) return STREAM_STATUS.hexParse;
    const offset = (bytes[1]! << 8) | bytes[2]!;
    const type = bytes[3]!;
    const data = bytes.subarray(4, 4 + length);
    switch (type) {
      case 0x00:
      case 0x0d: {
        if (this.skipping || length === 0) return STREAM_STATUS.success;
        const took = this.target.program(this.base + offset, data);
        if (took < 0) return STREAM_STATUS.badAddress;
        this.busyMs += took;
        this.bytesProgrammed += length;
        return STREAM_STATUS.success;
      }
      case 0x01:
        this.ended = true;
        return STREAM_STATUS.success;
      case 0x02:
        this.base = ((data[0]! << 8) | data[1]!) * 16;
        return STREAM_STATUS.success;
      case 0x04:
        this.base = ((data[0]! << 8) | data[1]!) * 0x10000;
        return STREAM_STATUS.success;
      case 0x0a:
        this.skipping = !this.target.acceptsBoardId((data[0]! << 8) | data[1]!);
        return STREAM_STATUS.success;
      case 0x0b:
        this.skipping = false;
        return STREAM_STATUS.success;
      default:
        return STREAM_STATUS.success; // start addresses, padding, other data
    }
  }
}
