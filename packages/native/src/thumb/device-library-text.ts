// The device library's list and text extras that the firmware has no function for (MakeCode
// writes them in TypeScript too): Array join and slice, Number.toString and String(value).
// Behaviour follows the simulator's helpers (packages/runtime/src/builtins/helpers.ts), which
// follow what MakeCode's own V1 image printed in QEMU: join leaves null and undefined out (",,"),
// slice steps from a fractional start in ones, numbers print with the device's 15 digits (the
// firmware's numops::toString, reached through the back end's `"" + value`).

export const TEXT_LIBRARY_SOURCE = `namespace __device_Array {
  export function join(list: any[], separator?: string): string {
    let sep = separator === undefined ? "," : "" + separator
    let out = ""
    for (let i = 0; i < list.length; i++) {
      if (i > 0) out = out + sep
      let item = list[i]
      if (item !== null && item !== undefined) out = out + item
    }
    return out
  }
  export function slice(list: any[], start?: number, end?: number): any[] {
    let length = list.length
    let from = start === undefined ? 0 : start
    if (from < 0) from = Math.max(length + from, 0)
    let to = end === undefined ? length : end
    if (to < 0) to = length + to
    if (to > length) to = length
    let out: any[] = []
    for (let i = from; i < to; i++) out.push(list[Math.trunc(i)])
    return out
  }
}
namespace __device_Number {
  // Another radix: whole numbers in its digits (the simulator gives JavaScript's digits, which
  // differ only for fractions).
  export function toString(value: number, radix?: number): string {
    if (radix === undefined || radix == 10 || radix < 2 || radix > 36 || Math.floor(value) != value)
      return "" + value
    if (value == 0) return "0"
    let n = value < 0 ? -value : value
    let out = ""
    while (n > 0) {
      let digit = n % radix
      out = "0123456789abcdefghijklmnopqrstuvwxyz".charAt(digit) + out
      n = Math.floor(n / radix)
    }
    return value < 0 ? "-" + out : out
  }
}
namespace __device_String {
  export function fromValue(value?: any): string {
    return "" + value
  }
}
`;

export const TEXT_LIBRARY_ENTRIES: readonly string[] = [
  'Array.join',
  'Array.slice',
  'Number.toString',
  'String:String.fromValue',
];
