// The device library's list and text extras that the firmware has no function for (MakeCode
// writes them in TypeScript too): Array join, slice, reverse, shift, unshift, get, set, includes
// and pickRandom, Number.toString, String(value), isNaN, and the text methods isEmpty, toString,
// toUpperCase, toLowerCase (letters a-z only), slice, substring and split.
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
  export function reverse(list: any[]): any[] {
    for (let i = 0, j = list.length - 1; i < j; i++, j--) {
      let item = list[i]
      list[i] = list[j]
      list[j] = item
    }
    return list
  }
  export function shift(list: any[]): any {
    return list.removeAt(0)
  }
  export function unshift(list: any[], value: any): number {
    list.insertAt(0, value)
    return list.length
  }
  export function get(list: any[], index: number): any {
    let i = Math.trunc(index)
    return list[i < 0 ? list.length + i : i]
  }
  export function set(list: any[], index: number, value: any): void {
    let i = Math.trunc(index)
    list[i < 0 ? Math.max(list.length + i, 0) : i] = value
  }
  // Not the firmware's indexOf, which searches from the first item whatever the start says.
  export function includes(list: any[], item: any, fromIndex?: number): boolean {
    let from = fromIndex === undefined ? 0 : Math.trunc(fromIndex)
    if (from < 0) from = Math.max(list.length + from, 0)
    for (let i = from; i < list.length; i++) if (list[i] === item) return true
    return false
  }
  export function pickRandom(list: any[]): any {
    if (list.length == 0) return undefined
    return list[Math.randomRange(0, list.length - 1)]
  }
}
namespace __device_text {
  export function isEmpty(text: string): boolean {
    return text === null || text === undefined || text.length == 0
  }
  export function same(text: string): string {
    return text
  }
  export function boolText(value: boolean): string {
    return value ? "true" : "false"
  }
  export function isNaN(value: number): boolean {
    return value != value
  }
  // Letters a-z and A-Z only, as the device's text is bytes.
  function changeCase(text: string, from: number, to: number): string {
    let out = ""
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i)
      out = out + (code >= from && code < from + 26 ? String.fromCharCode(code - from + to) : text.charAt(i))
    }
    return out
  }
  export function toUpperCase(text: string): string {
    return changeCase(text, 97, 65)
  }
  export function toLowerCase(text: string): string {
    return changeCase(text, 65, 97)
  }
  // As MakeCode's device: the start and end counted from the end first, then the length
  // between them cut to a whole number ("Hello".slice(1.5, -2) is "e").
  export function slice(text: string, start?: number, end?: number): string {
    let length = text.length
    let from = start === undefined ? 0 : start
    if (from < 0) from = Math.max(length + from, 0)
    let to = end === undefined ? length : end
    if (to < 0) to = length + to
    if (to > length) to = length
    return text.substr(from, to - from)
  }
  export function substring(text: string, start: number, end?: number): string {
    let length = text.length
    let from = Math.min(Math.max(Math.trunc(start), 0), length)
    let to = end === undefined ? length : Math.min(Math.max(Math.trunc(end), 0), length)
    if (from > to) {
      let swap = from
      from = to
      to = swap
    }
    return text.substr(from, to - from)
  }
  export function split(text: string, separator?: string, limit?: number): string[] {
    let out: string[] = []
    let most = limit === undefined ? 1000000 : limit
    if (separator === undefined) {
      out.push(text)
    } else if (separator.length == 0) {
      for (let i = 0; i < text.length; i++) out.push(text.charAt(i))
    } else {
      let from = 0
      while (true) {
        let at = text.indexOf(separator, from)
        if (at < 0) break
        out.push(text.substr(from, at - from))
        from = at + separator.length
      }
      out.push(text.substr(from, text.length - from))
    }
    while (out.length > most) out.pop()
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
  'Array.reverse',
  'Array.shift',
  'Array.unshift',
  'Array.get',
  'Array.set',
  'Array.includes',
  'Array._pickRandom:Array.pickRandom',
  'String.isEmpty:text.isEmpty',
  'String.toString:text.same',
  'Boolean.toString:text.boolText',
  'isNaN:text.isNaN',
  'String.toUpperCase:text.toUpperCase',
  'String.toLowerCase:text.toLowerCase',
  'String.slice:text.slice',
  'String.substring:text.substring',
  'String.split:text.split',
];
