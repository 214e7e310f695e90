// The device library's text methods that neither the firmware nor MakeCode's device library has
// in the form the simulator runs: startsWith, endsWith, includes, lastIndexOf, trim, replace,
// replaceAll, repeat and concat. Results are the simulator's: JavaScript's for startsWith, endsWith,
// includes, lastIndexOf, trim and concat (MakeCode has no startsWith, endsWith, lastIndexOf or repeat);
// repeat as the simulator's stringRepeat (a negative or NaN count, or empty text, gives "");
// replace and replaceAll put the replacement in as it is (no "$&" patterns), as MakeCode's board
// and the simulator's stringReplace do, with empty text to replace found where JavaScript finds
// it (MakeCode's board finds it at the end). The device's text is one byte per character, so trim
// removes the spaces below 256 (tab, the line breaks, space, no-break space).

export const STRING_LIBRARY_SOURCE = `namespace __device_strings {
  // True when \`search\` is in \`text\` at \`at\` (which leaves room for it).
  function foundAt(text: string, search: string, at: number): boolean {
    for (let i = 0; i < search.length; i++) if (text.charCodeAt(at + i) != search.charCodeAt(i)) return false
    return true
  }
  // A position as JavaScript reads one: its whole part, NaN as \`nan\`, kept within 0..length.
  function position(value: number, nan: number, length: number): number {
    let at = Math.trunc(value)
    if (at != at) at = nan
    if (at < 0) at = 0
    if (at > length) at = length
    return at
  }
  export function startsWith(text: string, search: string, start?: number): boolean {
    let s = "" + search
    let at = start === undefined ? 0 : position(start, 0, text.length)
    return at + s.length <= text.length && foundAt(text, s, at)
  }
  export function endsWith(text: string, search: string, length?: number): boolean {
    let s = "" + search
    let at = (length === undefined ? text.length : position(length, 0, text.length)) - s.length
    return at >= 0 && foundAt(text, s, at)
  }
  // Not the firmware's includes, which gives 1 or 0 (a number) and never finds empty text at
  // the end ("".includes("") is true in JavaScript).
  export function includes(text: string, search: string, start?: number): boolean {
    let s = "" + search
    if (s.length == 0) return true
    return text.indexOf(s, start === undefined ? 0 : position(start, 0, text.length)) >= 0
  }
  export function lastIndexOf(text: string, search: string, start?: number): number {
    let s = "" + search
    let at = start === undefined ? text.length : position(start, text.length, text.length)
    if (at > text.length - s.length) at = text.length - s.length
    for (let i = at; i >= 0; i--) if (foundAt(text, s, i)) return i
    return -1
  }
  export function trim(text: string): string {
    let from = 0
    let to = text.length
    while (from < to && __device_text.isSpace(text.charCodeAt(from))) from++
    while (to > from && __device_text.isSpace(text.charCodeAt(to - 1))) to--
    return text.substr(from, to - from)
  }
  // Not the firmware's indexOf, which finds empty text at the end.
  export function replace(text: string, toReplace: string, replacement: string): string {
    let s = "" + toReplace
    let r = "" + replacement
    if (s.length == 0) return r + text
    let at = text.indexOf(s)
    if (at < 0) return text
    return text.substr(0, at) + r + text.substr(at + s.length, text.length)
  }
  export function replaceAll(text: string, toReplace: string, replacement: string): string {
    let s = "" + toReplace
    let r = "" + replacement
    let out = ""
    if (s.length == 0) {
      for (let i = 0; i < text.length; i++) out = out + r + text.charAt(i)
      return out + r
    }
    let from = 0
    while (true) {
      let at = text.indexOf(s, from)
      if (at < 0) break
      out = out + text.substr(from, at - from) + r
      from = at + s.length
    }
    return out + text.substr(from, text.length)
  }
  // Doubling: about log2(count) joins. A count with no end (Infinity) doubles until the
  // memory runs out, as the simulator runs out of memory.
  export function repeat(text: string, count: number): string {
    let n = Math.trunc(count)
    if (!(n > 0) || text.length == 0) return ""
    let out = ""
    let piece = text
    while (true) {
      if (n % 2 == 1) out = out + piece
      n = Math.floor(n / 2)
      if (n < 1) return out
      piece = piece + piece
    }
  }
  export function concat(text: string, other: string): string {
    return text + other
  }
  // fromCharCode with other than one code (the code generator passes them as a list).
  export function fromCharCodes(codes: number[]): string {
    let out = ""
    for (let i = 0; i < codes.length; i++) out = out + String.fromCharCode(codes[i])
    return out
  }
}
`;

export const STRING_LIBRARY_ENTRIES: readonly string[] = [
  'String.startsWith:strings.startsWith',
  'String.endsWith:strings.endsWith',
  'String.lastIndexOf:strings.lastIndexOf',
  'String.includes:strings.includes',
  'String.trim:strings.trim',
  'String.replace:strings.replace',
  'String.replaceAll:strings.replaceAll',
  'String.repeat:strings.repeat',
  'String.concat:strings.concat',
];
