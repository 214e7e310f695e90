// The device library's text methods (device-library-string.ts) against the simulator's own, over
// a grid of texts, searches, positions and counts: the library is compiled with the program by
// our front end and run in the simulator (whose charCodeAt, indexOf and substr follow the
// device's), and every result must equal what the simulator's method gives for the same call.
// QEMU runs a sample of them on the emulated board (device-library-in-qemu.test.ts).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { runHeadless } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STRING_LIBRARY_SOURCE } from './device-library-string.ts';
import { TEXT_LIBRARY_SOURCE } from './device-library-text.ts';

const compiler = createMicrobitCompiler(ts);

/** Runs `body` (which prints "bad …" for each difference) and returns the serial lines. */
function run(body: string): string[] {
  const compiled = compiler.compile({ 'library.ts': TEXT_LIBRARY_SOURCE + STRING_LIBRARY_SOURCE, 'main.ts': body });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const result = runHeadless({ program: compiled.program, timeMs: 2000 });
  return result.lines.map((line) => line.text);
}

const TEXTS = '["", "a", "ab", "aba", "banana", " a\\t", "aaa"]';
const SEARCHES = '["", "a", "b", "ab", "ba", "an", "aa", "xyz", "banana!"]';
const POSITIONS = '[undefined, -1, 0, 1, 2.5, 3, 5, 99, NaN, Infinity, -Infinity]';

describe('the device library text methods give the simulator results', () => {
  it('startsWith, endsWith, includes and lastIndexOf with every kind of position', () => {
    const lines = run(`
let checked = 0
function same(what: string, device: any, simulator: any) {
    checked++
    if (device !== simulator) serial.writeLine("bad " + what + " device " + device + " simulator " + simulator)
}
for (let t of ${TEXTS}) for (let s of ${SEARCHES}) for (let p of ${POSITIONS}) {
    let call = "[" + t + "] [" + s + "] " + p
    same("startsWith " + call, __device_strings.startsWith(t, s, p), t.startsWith(s, p))
    same("endsWith " + call, __device_strings.endsWith(t, s, p), t.endsWith(s, p))
    same("lastIndexOf " + call, __device_strings.lastIndexOf(t, s, p), t.lastIndexOf(s, p))
    same("includes " + call, __device_strings.includes(t, s, p), t.includes(s, p))
}
serial.writeLine("checked " + checked)
`);
    expect(lines).toEqual([`checked ${7 * 9 * 11 * 4}`]);
  });

  it('replace, replaceAll (replacement put in as it is), repeat, trim and concat', () => {
    const lines = run(`
let checked = 0
function same(what: string, device: any, simulator: any) {
    checked++
    if (device !== simulator) serial.writeLine("bad " + what + " device [" + device + "] simulator [" + simulator + "]")
}
for (let t of ${TEXTS}) {
    for (let s of ${SEARCHES}) for (let r of ["", "-", "$&", "$$", "xy"]) {
        let call = "[" + t + "] [" + s + "] [" + r + "]"
        same("replace " + call, __device_strings.replace(t, s, r), t.replace(s, r))
        same("replaceAll " + call, __device_strings.replaceAll(t, s, r), t.replaceAll(s, r))
        same("concat " + call, __device_strings.concat(t, s), t.concat(s))
    }
    for (let n of [-1, 0, 1, 2, 2.5, 3, 7, NaN, -Infinity]) same("repeat [" + t + "] " + n, __device_strings.repeat(t, n), t.repeat(n))
}
for (let t of ["", " ", "  a b  ", "\\t\\n\\r\\x0b\\x0c\\u00a0x\\u00a0 ", "x\\n", "\\nx", "a"]) same("trim [" + t + "]", __device_strings.trim(t), t.trim())
same("repeat empty Infinity", __device_strings.repeat("", Infinity), "".repeat(Infinity))
same("fromCharCodes", __device_strings.fromCharCodes([72, 105, 33]), String.fromCharCode(72, 105, 33))
same("fromCharCodes none", __device_strings.fromCharCodes([]), String.fromCharCode())
serial.writeLine("checked " + checked)
`);
    expect(lines).toEqual([`checked ${7 * 9 * 5 * 3 + 7 * 9 + 7 + 3}`]);
  });
});
