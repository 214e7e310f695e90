// The device library's buffer helpers that the firmware has no function for (MakeCode writes them
// in TypeScript too): Buffer concat/equals/indexOf/toArray/chunked, i2c numbers, which are one
// i2c buffer of the format's size, and serial.readLine (readUntil a new line; in its own
// namespace, as __device_serial's writers are another concern). Behaviour follows the simulator's RtBuffer
// (packages/runtime/src/buffer/rt-buffer.ts) and pins.ts. A buffer method's receiver comes first.

export const BUFFER_LIBRARY_SOURCE = `namespace __device_Buffer {
  export function concat(buf: Buffer, other: Buffer): Buffer {
    let out = control.createBuffer(buf.length + other.length)
    out.write(0, buf)
    out.write(buf.length, other)
    return out
  }
  export function equals(buf: Buffer, other: Buffer): boolean {
    if (!other || other.length != buf.length) return false
    for (let i = 0; i < buf.length; i++) if (buf.getUint8(i) != other.getUint8(i)) return false
    return true
  }
  export function indexOf(buf: Buffer, other: Buffer, start?: number): number {
    let from = start === undefined ? 0 : Math.max(0, start | 0)
    for (let i = from; i + other.length <= buf.length; i++) {
      let j = 0
      while (j < other.length && buf.getUint8(i + j) == other.getUint8(j)) j++
      if (j == other.length) return i
    }
    return -1
  }
  // Whole numbers of the format, in order (none for a value that is no format).
  export function toArray(buf: Buffer, format: number): number[] {
    let size = __device_pins.sizeOf(format)
    let out: number[] = []
    if (size == 0) return out
    for (let at = 0; at + size <= buf.length; at += size) out.push(buf.getNumber(format, at))
    return out
  }
  export function chunked(buf: Buffer, maxSize: number): Buffer[] {
    let size = Math.max(1, maxSize | 0)
    let out: Buffer[] = []
    for (let at = 0; at < buf.length; at += size) out.push(buf.slice(at, size))
    return out
  }
}
namespace __device_pins {
  export function i2cReadNumber(address: number, format: number, repeated?: boolean): number {
    let buf = pins.i2cReadBuffer(address, __device_pins.sizeOf(format), repeated ? true : false)
    return buf.getNumber(format, 0)
  }
  export function i2cWriteNumber(address: number, value: number, format: number, repeated?: boolean): void {
    let buf = control.createBuffer(__device_pins.sizeOf(format))
    buf.setNumber(format, 0, value)
    pins.i2cWriteBuffer(address, buf, repeated ? true : false)
  }
}
namespace __device_serialInput {
  export function readLine(): string {
    return serial.readUntil("\\n")
  }
}
`;

export const BUFFER_LIBRARY_ENTRIES: readonly string[] = [
  'Buffer.concat',
  'Buffer.equals',
  'Buffer.indexOf',
  'Buffer.toArray',
  'Buffer.chunked',
  'pins.i2cReadNumber',
  'pins.i2cWriteNumber',
  'serial.readLine:serialInput.readLine',
];
