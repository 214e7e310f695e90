// The device library's list and text extras that the firmware has no function for (MakeCode
// writes them in TypeScript too): Array join, slice, fill, splice, lastIndexOf,
// reverse, shift, unshift, get, set, includes and pickRandom, the callback methods (sort, filter,
// map, forEach, reduce, find, findIndex, some, every), Number.toString, String(value), isNaN, and the text
// methods isEmpty, toString, toUpperCase, toLowerCase (letters a-z only), slice, substring and split.
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
    // NaN finds NaN, as JavaScript's includes does (indexOf does not).
    let nan = item !== item
    for (let i = from; i < list.length; i++) if (list[i] === item || (nan && list[i] !== list[i])) return true
    return false
  }
  // fill, splice and lastIndexOf as the simulator runs them (JavaScript's): a negative bound
  // counts from the end, one past either end is clamped. splice returns the removed items.
  export function fill(list: any[], value: any, start?: number, end?: number): any[] {
    let length = list.length
    let from = bound(start, 0, length)
    let to = bound(end, length, length)
    for (let i = from; i < to; i++) list[i] = value
    return list
  }
  // The code generator passes how many items to put in (up to four) before them, so an item
  // that is undefined is still put in.
  export function splice(list: any[], start: number, deleteCount?: number, added?: number, a?: any, b?: any, c?: any, d?: any): any[] {
    let length = list.length
    let from = bound(start, 0, length)
    let count = deleteCount === undefined ? length - from : Math.trunc(deleteCount)
    if (!(count > 0)) count = 0
    if (count > length - from) count = length - from
    let out: any[] = []
    for (let i = 0; i < count; i++) out.push(list.removeAt(from))
    if (added === undefined) return out
    if (added > 0) list.insertAt(from, a)
    if (added > 1) list.insertAt(from + 1, b)
    if (added > 2) list.insertAt(from + 2, c)
    if (added > 3) list.insertAt(from + 3, d)
    return out
  }
  export function lastIndexOf(list: any[], item: any, fromIndex?: number): number {
    let from = list.length - 1
    if (fromIndex !== undefined) {
      let at = Math.trunc(fromIndex)
      if (at !== at) at = 0
      from = at < 0 ? list.length + at : Math.min(at, from)
    }
    for (let i = from; i >= 0; i--) if (list[i] === item) return i
    return -1
  }
  // A whole-number index from an optional bound: left out gives the default, negative counts
  // from the end (not below 0), beyond the end stops there.
  function bound(value: any, otherwise: number, length: number): number {
    if (value === undefined) return otherwise
    let at = Math.trunc(value)
    if (at !== at) return 0
    if (at < 0) return Math.max(length + at, 0)
    return Math.min(at, length)
  }
  // JavaScript's concat: a list argument adds its items, anything else itself. Up to four
  // arguments; one left out or undefined adds nothing (MakeCode's takes one list).
  export function concat(list: any[], a?: any, b?: any, c?: any, d?: any): any[] {
    let out: any[] = []
    for (let i = 0; i < list.length; i++) out.push(list[i])
    addTo(out, a)
    addTo(out, b)
    addTo(out, c)
    addTo(out, d)
    return out
  }
  function addTo(out: any[], value: any): void {
    if (value === undefined) return
    if (__firmware_Array_.isArray(value)) {
      let items: any[] = value
      for (let i = 0; i < items.length; i++) out.push(items[i])
    } else {
      out.push(value)
    }
  }
  // The callbacks get (value, index), as MakeCode's device passes them; the length is read once.
  export function filter(list: any[], keep: (value: any, index: number) => boolean): any[] {
    let out: any[] = []
    let length = list.length
    for (let i = 0; i < length; i++) {
      let item = list[i]
      if (keep(item, i)) out.push(item)
    }
    return out
  }
  export function map(list: any[], change: (value: any, index: number) => any): any[] {
    let out: any[] = []
    let length = list.length
    for (let i = 0; i < length; i++) out.push(change(list[i], i))
    return out
  }
  export function forEach(list: any[], body: (value: any, index: number) => void): void {
    let length = list.length
    for (let i = 0; i < length; i++) body(list[i], i)
  }
  export function reduce(list: any[], step: (previous: any, value: any, index: number) => any, initial: any): any {
    let out = initial
    let length = list.length
    for (let i = 0; i < length; i++) out = step(out, list[i], i)
    return out
  }
  export function find(list: any[], test: (value: any, index: number) => boolean): any {
    let length = list.length
    for (let i = 0; i < length; i++) {
      let item = list[i]
      if (test(item, i)) return item
    }
    return undefined
  }
  export function findIndex(list: any[], test: (value: any, index: number) => boolean): number {
    let length = list.length
    for (let i = 0; i < length; i++) if (test(list[i], i)) return i
    return -1
  }
  export function some(list: any[], test: (value: any, index: number) => boolean): boolean {
    let length = list.length
    for (let i = 0; i < length; i++) if (test(list[i], i)) return true
    return false
  }
  export function every(list: any[], test: (value: any, index: number) => boolean): boolean {
    let length = list.length
    for (let i = 0; i < length; i++) if (!test(list[i], i)) return false
    return true
  }
  // Sorts in place: an item moves before the ones that compare above it (> 0), so equal items
  // keep their order, as the simulator's (JavaScript's) sort keeps them. Without a comparator
  // items compare as text, with undefined last and null just before it (MakeCode's default).
  // With a comparator, undefined items (a list's gaps) go last and the comparator never sees
  // them, as in the simulator's sort (MakeCode's board hands them to the comparator instead).
  export function sort(list: any[], compare?: (a: any, b: any) => number): any[] {
    let length = list.length
    for (let i = 1; i < length; i++) {
      let item = list[i]
      let j = i - 1
      while (j >= 0 && above(list[j], item, compare)) {
        list[j + 1] = list[j]
        j--
      }
      list[j + 1] = item
    }
    return list
  }
  function above(a: any, b: any, compare?: (a: any, b: any) => number): boolean {
    if (compare === undefined) return textOrder(a, b) > 0
    if (b === undefined) return false
    if (a === undefined) return true
    return compare(a, b) > 0
  }
  function textOrder(a: any, b: any): number {
    if (a === undefined) return b === undefined ? 0 : 1
    if (b === undefined) return -1
    if (a === null) return b === null ? 0 : 1
    if (b === null) return -1
    let x = "" + a
    let y = "" + b
    return x < y ? -1 : x > y ? 1 : 0
  }
  export function pickRandom(list: any[]): any {
    if (list.length == 0) return undefined
    return list[Math.randomRange(0, list.length - 1)]
  }
}
namespace __firmware_Array_ {
  export function isArray(value: any): boolean {
    return false
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
  // JavaScript's white space and line breaks (on the device's bytes only those below 256 occur).
  export function isSpace(code: number): boolean {
    return code == 32 || (code >= 9 && code <= 13) || code == 0xa0 || code == 0xfeff || code == 0x2028 || code == 0x2029
  }
  // parseInt as MakeCode's device reads text (and the simulator's parse-int.ts): a radix
  // outside 2..36 is NaN, a sign or "0x" with no digit after it is 0.
  export function parseWhole(text: string, radix?: number): number {
    if (text === null || text === undefined || text.length == 0) return NaN
    if (radix !== undefined && (radix < 2 || radix > 36)) return NaN
    let base = radix === undefined || radix != radix ? 0 : radix
    let at = 0
    while (at < text.length && isSpace(text.charCodeAt(at))) at++
    if (at == text.length) return NaN
    let sign = 1
    let first = text.charCodeAt(at)
    if (first == 45) sign = -1
    if (first == 45 || first == 43) at++
    if ((base == 0 || base == 16) && text.charCodeAt(at) == 48 && (text.charCodeAt(at + 1) | 32) == 120) {
      base = 16
      at += 2
    } else if (base == 0) {
      base = 10
    }
    let value = 0
    for (let i = at; i < text.length; i++) {
      // Or-ing 32 folds capitals to small letters and leaves digits as they are.
      let code = text.charCodeAt(i) | 32
      let digit = 99
      if (code >= 48 && code <= 57) digit = code - 48
      else if (code >= 97 && code <= 122) digit = code - 87
      if (digit >= base) {
        if (i == at) return NaN
        break
      }
      value = value * base + digit
    }
    return sign * value
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
  // between them cut to a whole number ("Hello".slice(1.5, -2) is "e"); an end past the text is
  // not cut back first ("Hello".slice(1.5, 9) is "ello", as in JavaScript).
  export function slice(text: string, start?: number, end?: number): string {
    let length = text.length
    let from = start === undefined ? 0 : start
    if (from < 0) from = Math.max(length + from, 0)
    let to = end === undefined ? length : end
    if (to < 0) to = length + to
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
  // JavaScript's toFixed (the nearest, the larger of two), digits 0..20 with zeros past 15, the
  // whole part exact below 2^53 (above, as "" + value prints it); from 1e21 up, NaN and the
  // infinities as "" + value (the simulator's numberToFixed, parse-int.ts, does the same).
  export function toFixed(value: number, digits?: number): string {
    let places = digits === undefined ? 0 : Math.trunc(digits)
    if (!(places >= 0)) places = 0
    if (places > 20) places = 20
    let zeros = ""
    for (; places > 15; places--) zeros = zeros + "0"
    if (value != value || value >= 1e21 || value <= -1e21) return "" + value
    let sign = value < 0 ? "-" : ""
    let x = value < 0 ? -value : value
    let whole = Math.floor(x)
    let fraction = x - whole
    let scale = 1
    for (let i = 0; i < places; i++) scale = scale * 10
    // fraction * scale is hi + lo exactly (Dekker's product), so a tie is seen as one.
    let hi = fraction * scale
    let split = 134217729 * fraction
    let fh = split - (split - fraction)
    let fl = fraction - fh
    split = 134217729 * scale
    let sh = split - (split - scale)
    let sl = scale - sh
    let lo = fh * sh - hi + fh * sl + fl * sh + fl * sl
    let n = Math.floor(hi)
    let rest = hi - n
    if (rest > 0.5 || (rest == 0.5 && lo >= 0)) n = n + 1
    if (n >= scale) {
      whole = whole + 1
      n = n - scale
    }
    let out = wholeText(whole)
    if (places == 0) return sign + out
    let tail = wholeText(n)
    while (tail.length < places) tail = "0" + tail
    return sign + out + "." + tail + zeros
  }
  // Every digit of a whole number below 2^53 ("" + value keeps 15).
  function wholeText(value: number): string {
    if (value < 1e15 || value >= 9007199254740992) return "" + value
    let out = ""
    let n = value
    while (n > 0) {
      let digit = n % 10
      out = "0123456789".charAt(digit) + out
      n = (n - digit) / 10
    }
    return out
  }
}
namespace __device_String {
  export function fromValue(value?: any): string {
    return "" + value
  }
}
// JavaScript's Number.isNaN and isInteger (only numbers pass), Number's constants and
// Boolean(value) (the value's truth, as if sees it). Not MIN_VALUE: the firmware prints numbers
// that small wrongly ("" + 5e-324).
namespace __device_NumberChecks {
  export function isNaN(value: any): boolean {
    return typeof value == "number" && value !== value
  }
  export function isInteger(value: any): boolean {
    return typeof value == "number" && Math.floor(value) == value && value - value == 0
  }
  export function maxSafeInteger(): number {
    return 9007199254740991
  }
  export function minSafeInteger(): number {
    return -9007199254740991
  }
  export function maxValue(): number {
    return 1.7976931348623157e308
  }
  export function epsilon(): number {
    return 2.220446049250313e-16
  }
  export function truth(value?: any): boolean {
    return value ? true : false
  }
  // Number(value) as JavaScript (and so the simulator) reads it: text that is all one number
  // (white space round it allowed; "" is 0; 0x, 0o and 0b prefixes; Infinity), else NaN.
  export function toNumber(value?: any): number {
    if (value === undefined) return NaN
    if (value === null) return 0
    if (typeof value == "number") return value
    if (typeof value == "boolean") return value ? 1 : 0
    if (typeof value != "string") return NaN
    let text: string = value
    let from = 0
    let to = text.length
    while (from < to && __device_text.isSpace(text.charCodeAt(from))) from++
    while (to > from && __device_text.isSpace(text.charCodeAt(to - 1))) to--
    if (from == to) return 0
    let base = 0
    if (to - from > 2 && text.charCodeAt(from) == 48) {
      let mark = text.charCodeAt(from + 1) | 32
      base = mark == 120 ? 16 : mark == 111 ? 8 : mark == 98 ? 2 : 0
    }
    if (base > 0) {
      let whole = 0
      for (let i = from + 2; i < to; i++) {
        let code = text.charCodeAt(i) | 32
        let digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : 99
        if (digit >= base) return NaN
        whole = whole * base + digit
      }
      return whole
    }
    let at = from
    let sign = text.charCodeAt(at)
    if (sign == 43 || sign == 45) at++
    if (text.substr(at, to - at) == "Infinity") return sign == 45 ? -Infinity : Infinity
    let digits = 0
    while (at < to && isDigit(text.charCodeAt(at))) (at++, digits++)
    if (at < to && text.charCodeAt(at) == 46) {
      at++
      while (at < to && isDigit(text.charCodeAt(at))) (at++, digits++)
    }
    if (digits == 0) return NaN
    if (at < to && (text.charCodeAt(at) | 32) == 101) {
      at++
      if (at < to && (text.charCodeAt(at) == 43 || text.charCodeAt(at) == 45)) at++
      let exponent = 0
      while (at < to && isDigit(text.charCodeAt(at))) (at++, exponent++)
      if (exponent == 0) return NaN
    }
    if (at < to) return NaN
    return parseFloat(text.substr(from, to - from))
  }
  function isDigit(code: number): boolean {
    return code >= 48 && code <= 57
  }
}
`;

export const TEXT_LIBRARY_ENTRIES: readonly string[] = [
  'Array.join',
  'Array.slice',
  'Number.toString',
  'Number.toFixed',
  'Array.concat',
  'parseInt:text.parseWhole',
  'String:String.fromValue',
  'Number.isNaN:NumberChecks.isNaN',
  'Number.isInteger:NumberChecks.isInteger',
  'Number.MAX_SAFE_INTEGER:NumberChecks.maxSafeInteger',
  'Number.MIN_SAFE_INTEGER:NumberChecks.minSafeInteger',
  'Number.MAX_VALUE:NumberChecks.maxValue',
  'Number.EPSILON:NumberChecks.epsilon',
  'Boolean:NumberChecks.truth',
  'Number:NumberChecks.toNumber',
  'Array.reverse',
  'Array.shift',
  'Array.unshift',
  'Array.get',
  'Array.set',
  'Array.includes',
  'Array.fill',
  'Array.splice',
  'Array.lastIndexOf',
  'Array.sort',
  'Array.filter',
  'Array.map',
  'Array.forEach',
  'Array.reduce',
  'Array.find',
  'Array.findIndex',
  'Array.some',
  'Array.every',
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
