// A runtime panic on the device names its statement: before the firmware's panic (which only
// shows the code on the LEDs), the program prints `Panic <code>… at <file>:<line>` on serial
// (runtime-helpers.ts `_panic_at`). Covered: null/undefined used as an object (989), a number or
// true/false used as one (982, 981), a recursion that runs out of stack (916), control.panic and
// control.assert (98). Out of memory is the firmware's own panic (021, no line: a repeat too long
// for the board). Runs on the emulated V1 board.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';

const canRun = qemuAvailable();
if (!canRun) console.warn('Skipping the panic suite: qemu-system-arm is not installed (scripts/ensure-deps.mjs)');

const compiler = createMicrobitCompiler(ts);
const build = (files: Record<string, string>) => {
  const built = compileForDevice(compiler, files, { name: 'panic' });
  expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
  return built;
};

/** Runs a V1 image of `files` in QEMU until `line` is on serial, then the LEDs show `digit`. */
async function panicsWith(files: Record<string, string>, line: RegExp, digit: readonly string[]) {
  const v1 = linkVariant(await testFirmwareStore().get('v1'), build(files).object!);
  const session = await MicrobitSession.boot(writeVariantHex(v1), { sessionTimeoutMs: 120_000 });
  await session.waitForSerial(line, 60_000);
  await session.waitForFrame(digit, 30_000);
  return session;
}

const NINE = ['.###.', '#...#', '.###.', '..#..', '.#...'];
const EIGHT = ['.###.', '#...#', '.###.', '#...#', '.###.'];
const TWO = ['###..', '...#.', '.##..', '#....', '####.'];
const ONE = ['..#..', '.##..', '..#..', '..#..', '.###.'];

describe('null checks before the firmware reads an object', () => {
  it('check object and text arguments, and function values, but not fresh literals', () => {
    const checked = build({ 'main.ts': 'let list: number[] = null\nserial.writeNumber(list.length)\n' });
    expect(checked.assembly).toMatch(/bl _check_ref/);
    // The position is a string literal in the program: "main.ts:2\r\n".
    const position = [...new TextEncoder().encode('main.ts:2\r\n'), 0].join(', ');
    expect(checked.assembly).toContain(`.byte ${position}\n`);
    const literal = build({ 'main.ts': 'led.plot([1, 2].length, "ab".length)\n' });
    expect(literal.assembly).not.toMatch(/bl _check_ref/);
    const value = build({ 'main.ts': 'let f: () => void = null\nif (input.buttonIsPressed(Button.A)) f()\n' });
    expect(value.assembly).toMatch(/bl _check_ref/);
  });
});

describe('stack checks before calls that may recurse', () => {
  const checks = (text: string) => text.match(/bl _check_stack/g)?.length ?? 0;

  it('check recursive and mutually recursive calls and function values, not plain calls', () => {
    const plain = build({
      'main.ts': 'function one() { return 1 }\nfunction two() { return one() + one() }\nserial.writeNumber(two())\n',
    });
    expect(checks(plain.assembly)).toBe(0);
    const self = build({
      'main.ts': 'function f(n: number): number { return n <= 0 ? 0 : f(n - 1) }\nserial.writeNumber(f(3))\n',
    });
    // The recursive call inside f, not main's call of f.
    expect(checks(self.assembly)).toBe(1);
    const mutual = build({
      'main.ts':
        'function isEven(n: number): boolean { return n == 0 ? true : isOdd(n - 1) }\n' +
        'function isOdd(n: number): boolean { return n == 0 ? false : isEven(n - 1) }\n' +
        'serial.writeLine(isEven(4) ? "even" : "odd")\n',
    });
    expect(checks(mutual.assembly)).toBe(2);
    const value = build({
      'main.ts': 'let f: (n: number) => number = null\nf = (n) => n + 1\nserial.writeNumber(f(1))\n',
    });
    expect(checks(value.assembly)).toBe(1);
  });

  it('control.panic and control.assert run on the device (generated code)', () => {
    const built = build({ 'main.ts': 'control.assert(input.buttonIsPressed(Button.A), "no A")\ncontrol.panic(7)\n' });
    expect(built.assembly).toMatch(/bl _panic_at/);
  });
});

describe.skipIf(!canRun)('a panic on the emulated V1 board (QEMU)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  it('prints the statement that used null, then shows 989 as the firmware does', async () => {
    const built = build({
      'helpers.ts': 'function size(list: number[]) {\n    return list.length\n}\n',
      'main.ts':
        'serial.writeLine("before")\nlet items: number[] = null\nserial.writeNumber(size(items))\nserial.writeLine("after")\n',
    });
    const v1 = linkVariant(await testFirmwareStore().get('v1'), built.object!);
    session = await MicrobitSession.boot(writeVariantHex(v1), { sessionTimeoutMs: 120_000 });
    await session.waitForSerial(/Panic 989: null or undefined used at helpers\.ts:2\r\n/, 60_000);
    await session.waitForFrame(NINE, 30_000);
    await session.waitForFrame(EIGHT, 30_000);
    expect(session.serial).toContain('before');
    expect(session.serial).not.toContain('after');
  }, 180_000);

  it('a number used as an object: 982 and its statement', async () => {
    session = await panicsWith(
      {
        'main.ts': 'let value: any = 5\nserial.writeLine("before")\nlet picture: Image = value\npicture.showImage(0)\n',
      },
      /\r\nPanic 982: a number used where an object is needed at main\.ts:4\r\n/,
      NINE,
    );
  }, 180_000);

  it('a recursion with no end: 916 at the recursive call, after many levels', async () => {
    session = await panicsWith(
      {
        'main.ts':
          'function down(n: number): number {\n' +
          '    if (n % 10 == 0) serial.writeValue("n", n)\n' +
          '    return down(n + 1) + 1\n' +
          '}\n' +
          'serial.writeLine("start")\n' +
          'serial.writeNumber(down(0))\n',
      },
      /\r\nPanic 916: too many calls inside calls \(stack overflow\) at main\.ts:3\r\n/,
      NINE,
    );
    // The depth reached before the check stopped it: writeValue printed every tenth level.
    const levels = [...session.serial.matchAll(/n:(\d+) *\r\n/g)].map((m) => Number(m[1]));
    expect(levels.slice(0, 3)).toEqual([0, 10, 20]);
    console.info(`recursion depth on V1 before panic 916: over ${levels.at(-1)}`);
  }, 180_000);

  it('control.panic(97): its code and statement (the LEDs show 0, 9, 7)', async () => {
    session = await panicsWith(
      { 'main.ts': 'serial.writeLine("before")\ncontrol.panic(97)\nserial.writeLine("after")\n' },
      /before +\r\n\r\nPanic 97 at main\.ts:2\r\n/,
      NINE,
    );
    expect(session.serial).not.toContain('after');
  }, 180_000);

  it('a panic waits for the serial turn while another fiber prints, and its line comes out whole', async () => {
    const files = {
      'main.ts':
        'basic.forever(function () {\n    serial.writeLine("tick tock tick tock tick tock tick tock tick tock tick tock")\n})\nbasic.pause(200)\ncontrol.panic(97)\n',
    };
    const built = build(files);
    // The panic helper takes the device library's serial turn before it writes.
    expect(built.assembly).toMatch(/_panic_at:\npush \{r0, r1, r2, lr\}\nbl _serial_take\n/);
    session = await panicsWith(files, /\r\nPanic 97 at main\.ts:5\r\n/, NINE);
    const lines = session.serial.replace(/\0/g, '').split('\r\n');
    const panicAt = lines.indexOf('Panic 97 at main.ts:5');
    expect(panicAt).toBeGreaterThan(0);
    // Every tick line before it is whole (none split by the panic's text).
    for (const line of lines.slice(0, panicAt - 1)) expect(line.trimEnd()).toMatch(/^(tick tock ?)+$/);
  }, 180_000);

  it('text repeated beyond the memory: the firmware shows 021 (the simulator: out of memory)', async () => {
    // The simulator stops "ab".repeat(1e9) as out of memory (helpers.test.ts); the board's
    // collector runs out long before (its 16 KB) and panics with 021, PANIC_GC_OOM.
    const v1 = linkVariant(
      await testFirmwareStore().get('v1'),
      build({
        'main.ts':
          'serial.writeLine("before")\nlet n = 1e9\nserial.writeNumber("ab".repeat(n).length)\nserial.writeLine("after")\n',
      }).object!,
    );
    session = await MicrobitSession.boot(writeVariantHex(v1), { sessionTimeoutMs: 120_000 });
    await session.waitForSerial('before', 60_000);
    await session.waitForFrame(TWO, 60_000);
    await session.waitForFrame(ONE, 30_000);
    expect(session.serial).not.toContain('after');
  }, 180_000);

  it("control.assert: the simulator's lines, then 98 and its statement", async () => {
    session = await panicsWith(
      {
        'main.ts':
          'let count = 3\ncontrol.assert(count == 3, "fine")\ncontrol.assert(count > 5, "count is " + count)\nserial.writeLine("after")\n',
      },
      /^\0*ASSERTION FAILED\r\ncount is 3\r\n\r\nPanic 98 at main\.ts:3\r\n/,
      NINE,
    );
    expect(session.serial).not.toContain('after');
  }, 180_000);
});
