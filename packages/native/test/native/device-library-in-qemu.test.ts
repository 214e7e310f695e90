// The device library's later API functions (device-library-buffer.ts, the serial input and the
// old radio names): each program runs in our simulator (headless, virtual clock) and, compiled by
// our back end and linked with the V1 firmware, on the emulated board (QEMU); both must print the
// same serial lines. Serial input reaches QEMU's UART through its stdin (MicrobitSession.typeSerial).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { runHeadless } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { deviceLines, v1Hex } from './qemu-v1.ts';

const canRun = qemuAvailable();
if (!canRun)
  console.warn('Skipping the device library suite: qemu-system-arm is not installed (scripts/ensure-deps.mjs)');

const compiler = createMicrobitCompiler(ts);

interface LibraryCase {
  name: string;
  source: string;
  /** Serial input, in order: in the simulator at `at` ms; on the device once the line `after` is printed. */
  input?: readonly { at: number; after: string; text: string }[];
  /** What the device's lines must match where the emulator cannot give the simulator's (why: at the case). */
  deviceLines?: readonly RegExp[];
}

/** The simulator's serial lines for the program. */
function simulate(c: LibraryCase): string[] {
  const compiled = compiler.compile({ 'main.ts': c.source });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const result = runHeadless({
    program: compiled.program,
    timeMs: 5000,
    serialInput: (c.input ?? []).map(({ at, text }) => ({ at, text })),
  });
  return result.lines.map((line) => line.text);
}

const LIBRARY_CASES: readonly LibraryCase[] = [
  {
    name: 'Array sort (with a comparator and as text), filter, map, forEach, reduce, find, findIndex, some, every',
    source: `
let a = [5, 3, 10, 1, 3, 9]
a.sort((x, y) => x - y)
serial.writeLine(a.join())
a.sort((x, y) => y - x)
serial.writeLine(a.join())
let pairs = [21, 12, 31, 11, 22]
pairs.sort((x, y) => (x % 10) - (y % 10))
serial.writeLine(pairs.join())
serial.writeLine([10, 9, 1, 100, 2].sort().join())
serial.writeLine(["pear", "apple", "Fig", "apple2"].sort().join())
let e: number[] = []
serial.writeLine("[" + e.sort().join() + "]" + [7].sort((x, y) => y - x).join())
serial.writeLine(a.filter((x, i) => x > 3 && i < 4).join() + " " + a.filter((x) => x > 100).length)
serial.writeLine(a.map((x, i) => x * 2 + i).join() + " " + a.map((x) => "" + x + "!").join(""))
let seen = ""
a.forEach((x, i) => { seen = seen + i + ":" + x + " " })
serial.writeLine(seen)
serial.writeLine("" + a.reduce((s, x) => s + x, 0) + " " + a.reduce((s, x, i) => s + "" + i, "i"))
serial.writeLine("" + a.find((x) => x < 5) + " " + a.find((x, i) => i == 2) + " " + a.find((x) => x > 50))
serial.writeLine("" + a.findIndex((x) => x < 5) + " " + a.findIndex((x, i) => i == 2) + " " + a.findIndex((x) => x > 50) + " " + [].findIndex((x) => true))
serial.writeLine("" + a.some((x) => x == 9) + " " + a.some((x, i) => i > 10) + " " + a.every((x) => x > 0) + " " + a.every((x, i) => x > i * 3))
serial.writeLine("done")
`,
  },
  {
    name: 'text startsWith, endsWith, includes, lastIndexOf, trim, replace, replaceAll, repeat, concat; fromCharCode, max and min of any count; constrain, roundWithPrecision, randomBoolean; Number checks, Boolean(), Array.isArray; empty text is false',
    source: `
let t = "banana"
let e = ""
serial.writeLine("" + t.startsWith("ban") + t.startsWith("an", 1) + t.startsWith("an") + t.startsWith("") + e.startsWith("") + e.startsWith("a") + t.startsWith("a", 5) + t.startsWith("", 9) + t.startsWith("b", -3) + t.startsWith("bananas") + t.startsWith("na", 4.7))
serial.writeLine("" + t.endsWith("ana") + t.endsWith("ban", 3) + t.endsWith("an", 5) + t.endsWith("") + e.endsWith("") + e.endsWith("a") + t.endsWith("b", -1) + t.endsWith("", -1) + t.endsWith("a", 99) + t.endsWith("ba", 2.9))
serial.writeLine("" + t.lastIndexOf("a") + " " + t.lastIndexOf("an") + " " + t.lastIndexOf("an", 2) + " " + t.lastIndexOf("x") + " " + t.lastIndexOf("") + " " + t.lastIndexOf("", 2) + " " + e.lastIndexOf("") + " " + t.lastIndexOf("b", -5) + " " + t.lastIndexOf("a", 0) + " " + t.lastIndexOf("nana", 99) + " " + t.lastIndexOf("bananas"))
serial.writeLine("[" + "  a b  ".trim() + "][" + "\\t\\n\\r\\x0b\\x0cx\\u00a0".trim() + "][" + "".trim() + "][" + "   ".trim() + "][" + "x".trim() + "]")
serial.writeLine(t.replace("an", "AN") + " " + t.replace("x", "y") + " " + t.replace("", "-") + " " + e.replace("", "-") + " [" + e.replace("a", "b") + "] " + t.replace("a", "$&$$") + " " + t.replace("na", ""))
serial.writeLine(t.replaceAll("an", "AN") + " " + t.replaceAll("x", "y") + " " + t.replaceAll("", "-") + " " + e.replaceAll("", "-") + " [" + e.replaceAll("a", "b") + "] " + "aaa".replaceAll("aa", "b") + " " + t.replaceAll("a", "$'") + " " + t.replaceAll("a", ""))
serial.writeLine("[" + "ab".repeat(3) + "][" + "ab".repeat(0) + "][" + "ab".repeat(-2) + "][" + "ab".repeat(2.9) + "][" + "".repeat(5) + "][" + "x".repeat(1) + "][" + "xy".repeat(7).length + "][" + "".repeat(Infinity) + "][" + "z".repeat(NaN) + "]")
serial.writeLine(t.concat("s") + " " + e.concat("") + "|" + e.concat("x"))
serial.writeLine(String.fromCharCode(65, 66))
serial.writeLine("" + Math.max(1, 5, 3) + " " + Math.min(4, 2, 1) + " " + Math.max(7) + " " + Math.min(3) + " " + Math.max() + " " + Math.min() + " " + Math.max(NaN, 2, 3) + " " + Math.max(2, NaN, 3) + " " + Math.min(1.5, -2.5, 0))
serial.writeLine("[" + String.fromCharCode(72, 105, 33) + String.fromCharCode() + "]")
serial.writeLine("" + Math.constrain(5, 1, 3) + " " + Math.constrain(-2, 0, 9) + " " + Math.constrain(4.5, 0, 9) + " " + Math.constrain(NaN, 0, 9) + " " + Math.constrain(3, 5, 1))
serial.writeLine("" + Math.roundWithPrecision(3.14159, 2) + " " + Math.roundWithPrecision(2.5, 0) + " " + Math.roundWithPrecision(-2.5, 0) + " " + Math.roundWithPrecision(1.005, 2) + " " + Math.roundWithPrecision(-1.2345, 3) + " " + Math.roundWithPrecision(7.77, -1) + " " + Math.roundWithPrecision(0.125, 2.9) + " " + Math.roundWithPrecision(12.5, 400) + " " + Math.roundWithPrecision(NaN, 2))
let trues = 0
for (let i = 0; i < 200; i++) if (Math.randomBoolean()) trues++
serial.writeLine("" + (trues > 50 && trues < 150))
serial.writeLine("" + t.includes("") + e.includes("") + t.includes("an") + t.includes("an", 4) + t.includes("a", 5) + t.includes("a", 6) + t.includes("", 6) + t.includes("", 9) + t.includes("b", -3) + t.includes("na", 4.5) + t.includes("x") + e.includes("a"))
let anything: any = "5"
let list: any = [1]
serial.writeLine("" + Number.isNaN(NaN) + Number.isNaN(5) + Number.isNaN(anything) + Number.isNaN(0 / 0) + Number.isInteger(5) + Number.isInteger(5.5) + Number.isInteger(anything) + Number.isInteger(Infinity) + Number.isInteger(NaN) + Number.isInteger(-0) + Number.isInteger(1e21) + Number.isInteger(2147483648))
serial.writeLine("" + Number.MAX_SAFE_INTEGER + " " + Number.MIN_SAFE_INTEGER + " " + Number.MAX_VALUE + " " + Number.EPSILON + " " + (Number.EPSILON > 0))
serial.writeLine("" + Boolean(0) + Boolean(1) + Boolean("") + Boolean("a") + Boolean(null) + Boolean(undefined) + Boolean(NaN) + Boolean(list) + Boolean() + Boolean(-0) + Boolean(0.5))
serial.writeLine("" + Array.isArray(list) + Array.isArray(anything) + Array.isArray(null) + Array.isArray([]) + Array.isArray(5))
let a: any = ""
let s = ""
let n: any = NaN
serial.writeLine("" + (a ? "T" : "F") + (s ? "T" : "F") + (n ? "T" : "F") + (!a) + (!s))
if (a) serial.writeLine("a true")
if (s) serial.writeLine("s true")
serial.writeLine("done")
`,
  },
  {
    name: 'Array fill, splice (removing and putting in) and lastIndexOf with left-out, negative and too-large bounds',
    source: `
let a = [1, 2, 3, 4, 5]
serial.writeLine(a.fill(0, -2).join() + " " + a.fill(7, 1, 2).join() + " " + a.fill(9, 9).join() + " " + a.fill(8, -9, -4).join())
serial.writeLine([1, 2, 3].fill(6).join() + " " + [1, 2, 3].fill(6, 1).join() + " [" + [1, 2].fill(5, 2, 1).join() + "]")
let b = [1, 2, 3, 4, 5, 6]
let removed = b.splice(1, 2)
serial.writeLine(removed.join() + " " + b.join())
removed = b.splice(-2)
serial.writeLine(removed.join() + " " + b.join() + " [" + b.splice(1, 0).join() + "] " + b.splice(5, 2).length)
removed = b.splice(0, 9)
serial.writeLine(removed.join() + " [" + b.join() + "]")
let d = [1, 2, 3, 4]
removed = d.splice(1, 0, 7, 8)
serial.writeLine("[" + removed.join() + "] " + d.join())
removed = d.splice(-2, 1, 5)
serial.writeLine(removed.join() + " " + d.join() + " " + d.splice(9, 2, 6, 0, 6, 0).length + " " + d.join())
let u: any[] = [1]
u.splice(0, 1, undefined, 4)
serial.writeLine("" + u.length + " " + u.join())
let c = [3, 1, 3, 2, 3]
serial.writeLine("" + c.lastIndexOf(3) + " " + c.lastIndexOf(3, 3) + " " + c.lastIndexOf(3, -1) + " " + c.lastIndexOf(3, -2))
serial.writeLine("" + c.lastIndexOf(7) + " " + c.lastIndexOf(1, 9) + " " + c.lastIndexOf(3, -9) + " " + [].lastIndexOf(1))
serial.writeLine("done")
`,
  },
  {
    name: 'Buffer concat, equals, indexOf, toArray, chunked',
    source: `
let a = control.createBuffer(3)
a.setUint8(0, 1)
a.setUint8(1, 2)
a.setUint8(2, 3)
let b = a.concat(a)
serial.writeLine(b.toHex() + " " + b.length + " " + a.concat(control.createBuffer(0)).toHex())
serial.writeLine("" + a.equals(b.slice(3, 3)) + " " + a.equals(b) + " " + b.slice(0, 2).equals(b.slice(3, 2)))
serial.writeLine("" + b.indexOf(a.slice(1, 2)) + " " + b.indexOf(a.slice(1, 2), 2) + " " + b.indexOf(a, 4) + " " + b.indexOf(control.createBuffer(0)))
let words = b.toArray(NumberFormat.UInt16LE)
serial.writeLine("" + words.length + " " + words[0] + " " + words[2] + " " + b.toArray(NumberFormat.Int8BE).length)
let parts = b.chunked(4)
serial.writeLine("" + parts.length + " " + parts[0].toHex() + " " + parts[1].toHex() + " " + b.chunked(0).length)
serial.writeLine("done")
`,
  },
  {
    // Nothing is attached to the i2c bus. The simulator reads zeros; QEMU's nRF51 has no TWI
    // (i2c) model, so the firmware's read fails and leaves the buffer's bytes as they were (seen:
    // 0x2e each), as DAL does on a board with nothing attached: the values cannot be compared,
    // only that writes and reads of each format return and give whole numbers of its range.
    name: 'i2c numbers with nothing on the bus',
    deviceLines: [/^read (\d{1,3}) -?\d+$/, /^done$/],
    source: `
pins.i2cWriteNumber(8, 300, NumberFormat.UInt16LE)
pins.i2cWriteNumber(8, 5, NumberFormat.Int8LE, true)
serial.writeLine("read " + pins.i2cReadNumber(8, NumberFormat.UInt8LE) + " " + pins.i2cReadNumber(8, NumberFormat.Int32BE, false))
serial.writeLine("done")
`,
  },
  {
    name: 'serial.readLine and readString',
    source: `
serial.writeLine("ready")
serial.writeLine("line [" + serial.readLine() + "]")
serial.writeLine("line [" + serial.readLine() + "]")
basic.pause(2000)
serial.writeLine("rest [" + serial.readString() + "]")
serial.writeLine("done")
`,
    // Firmware fact (DAL's MicroBitSerial::readUntil, seen here): a read that has to wait for its
    // delimiter returns everything received when it wakes, up to the last character, not up to
    // the delimiter; QEMU's UART hands over a whole text at once (no baud rate), so each text
    // typed here ends at its new line, as a person typing a line and pressing Enter does.
    input: [
      { at: 500, after: 'ready', text: 'hello\n' },
      { at: 1000, after: 'line [hello]', text: 'world\n' },
      { at: 1500, after: 'line [world]', text: 'abc' },
    ],
  },
  {
    // The firmware's handler (serial::onDataReceived, called directly). DAL raises one event per
    // delimiter received; the simulator raises one per piece of text that holds any (serial-input.ts):
    // each piece here holds one, so both print the same.
    name: 'serial.onDataReceived',
    source: `
let got = 0
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
    serial.writeLine("got [" + serial.readUntil(serial.delimiters(Delimiters.Hash)) + "]")
    got += 1
    if (got == 2) serial.writeLine("done")
})
serial.writeLine("ready")
`,
    input: [
      { at: 500, after: 'ready', text: 'ab#' },
      { at: 1000, after: 'got [ab]', text: 'cd#' },
    ],
  },
];

describe('the device library compiles these programs', () => {
  for (const c of LIBRARY_CASES) {
    it(c.name, () => {
      const built = compileForDevice(compiler, { 'main.ts': c.source }, { name: 'library' });
      expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
    });
  }
});

describe.skipIf(!canRun)('the device library runs like the simulator (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  for (const c of LIBRARY_CASES) {
    it(
      c.name,
      async () => {
        const expected = simulate(c);
        expect(expected.at(-1)).toBe('done');
        session = await MicrobitSession.boot(await v1Hex(compiler, c.source, 'library'), { leds: false });
        const seen = (line: string) => deviceLines(session!.serial).includes(line);
        for (const input of c.input ?? []) {
          await session.waitUntil(() => seen(input.after), input.after, 30_000);
          session.typeSerial(input.text);
        }
        await session.waitUntil(() => seen('done'), 'the line "done"', 30_000);
        const lines = deviceLines(session.serial);
        if (c.deviceLines) {
          expect(lines.length).toBe(c.deviceLines.length);
          c.deviceLines.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
          const byte = Number(/^read (\d+)/.exec(lines[0]!)?.[1]);
          expect(byte).toBeLessThan(256);
        } else expect(lines).toEqual(expected);
      },
      90_000,
    );
  }
});
