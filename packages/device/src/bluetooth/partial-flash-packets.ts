// The micro:bit's partial flashing service over Bluetooth (facts from the Lancaster CODAL docs,
// docs/bluetooth/MicroBitPartialFlashing.md): one characteristic; the client writes without
// response and the board answers by notification.
// - 0x00 region: [0x00, id] -> [0x00, id, start u32 BE, end u32 BE, hash 8 bytes]
//   (regions: 0 SoftDevice, 1 DAL/CODAL, 2 MakeCode);
// - 0x01 data: 20-byte writes [0x01, offset u16 BE, packet number, 16 data bytes]; four make a
//   64-byte block; the first carries the low 16 bits of the block's address, the second the
//   high 16 bits. After the fourth the board answers [0x01, 0xFF] (written) or [0x01, 0xAA]
//   (a packet came out of order: send the block again, numbered from the next block's start);
// - 0x02 end of transmission: the board finishes the region and starts the new program;
// - 0xEE status -> [0xEE, service version, mode (0 pairing, 1 application)];
// - 0xFF reset: [0xFF, 0x00] into pairing mode, [0xFF, 0x01] into application mode.

export const PARTIAL_FLASH_SERVICE = 'e97dd91d-251d-470a-a062-fa1922dfa9a8';
export const PARTIAL_FLASH_CHARACTERISTIC = 'e97d3b10-251d-470a-a062-fa1922dfa9a8';

export const PF_COMMAND = { region: 0x00, data: 0x01, endOfTransmission: 0x02, status: 0xee, reset: 0xff } as const;
export const PF_REGION = { softDevice: 0, dal: 1, makeCode: 2 } as const;
export const PF_MODE = { pairing: 0x00, application: 0x01 } as const;
export const PF_WRITE = { ok: 0xff, outOfOrder: 0xaa } as const;

/** A block is 64 bytes, sent as four 20-byte writes of 16 data bytes each (spec 001 §9). */
export const BLOCK_BYTES = 64;
const WRITE_BYTES = 20;
export const WRITES_PER_BLOCK = 4;

export interface RegionInfo {
  region: number;
  start: number;
  end: number;
  /** 16 hex digits, lower case. */
  hash: string;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function encodeRegionInfo(info: RegionInfo, hashBytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(18);
  const view = new DataView(out.buffer);
  out[0] = PF_COMMAND.region;
  out[1] = info.region;
  view.setUint32(2, info.start);
  view.setUint32(6, info.end);
  out.set(hashBytes.subarray(0, 8), 10);
  return out;
}

/** Reads a region answer; null when it is not one (wrong length or command). */
export function decodeRegionInfo(bytes: Uint8Array): RegionInfo | null {
  if (bytes.length < 18 || bytes[0] !== PF_COMMAND.region) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { region: bytes[1]!, start: view.getUint32(2), end: view.getUint32(6), hash: hex(bytes.subarray(10, 18)) };
}

/** The four writes of the block at `address`, numbered from `firstPacket` (mod 256). */
export function blockWrites(address: number, data: Uint8Array, firstPacket: number): Uint8Array[] {
  const writes: Uint8Array[] = [];
  for (let i = 0; i < WRITES_PER_BLOCK; i++) {
    const write = new Uint8Array(WRITE_BYTES).fill(0xff);
    const offset = i === 0 ? address & 0xffff : (address >>> 16) & 0xffff;
    write[0] = PF_COMMAND.data;
    write[1] = offset >> 8;
    write[2] = offset & 0xff;
    write[3] = (firstPacket + i) & 0xff;
    write.set(data.subarray(i * 16, i * 16 + 16), 4);
    writes.push(write);
  }
  return writes;
}
