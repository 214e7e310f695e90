// MakeCode's own images of a few programs, run in the emulation harness: the first proof that the
// harness sees what a board would show. Needs QEMU (installed by scripts/ensure-deps.mjs for
// tests) and MakeCode's reference build (installed on first use into node_modules/.cache).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { buildWithMakeCode, makeCodeAvailability } from '@blockyard/makecode-reference';

const availability = qemuAvailable()
  ? await makeCodeAvailability()
  : { ok: false as const, reason: 'qemu-system-arm is not installed (scripts/ensure-deps.mjs installs it for tests)' };
if (!availability.ok) console.warn(`Skipping MakeCode-in-QEMU tests: ${availability.reason}`);

const HEART = ['.#.#.', '#####', '#####', '.###.', '..#..'];

describe.skipIf(!availability.ok)("MakeCode's images in the harness", () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  beforeAll(async () => {
    // Build once up front (each build takes a few seconds; later runs hit the cache).
    await Promise.all([
      buildWithMakeCode('qemu-serial', { 'main.ts': SERIAL_PROGRAM }),
      buildWithMakeCode('qemu-display', { 'main.ts': DISPLAY_PROGRAM }),
      buildWithMakeCode('qemu-buttons', { 'main.ts': BUTTONS_PROGRAM }),
      buildWithMakeCode('qemu-panic', { 'main.ts': PANIC_PROGRAM }),
    ]);
  }, 600_000);

  const SERIAL_PROGRAM = `
let total = 0
for (let i = 1; i <= 10; i++) total += i
serial.writeLine("sum " + total)
function fib(n: number): number { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
serial.writeLine("fib " + fib(12))
let words = ["b", "c", "a"]
words.sort()
serial.writeLine(words.join("-"))
basic.forever(function () {
    serial.writeLine("tick")
    basic.pause(100)
})
`;

  it('prints serial output: loops, recursion, strings, arrays, forever', async () => {
    const build = await buildWithMakeCode('qemu-serial', { 'main.ts': SERIAL_PROGRAM });
    session = await MicrobitSession.boot(build.universalHex, { leds: false });
    await session.waitForSerial(/(tick[^]*){3}/);
    const lines = session.serial.split('\r\n').map((l) => l.replace(/\0/g, '').trim());
    expect(lines.slice(0, 4)).toEqual(['sum 55', 'fib 144', 'a-b-c', 'tick']);
  }, 60_000);

  const DISPLAY_PROGRAM = `
basic.showIcon(IconNames.Heart)
basic.pause(200)
basic.showLeds(\`
    # . . . #
    . # . # .
    . . # . .
    . # . # .
    # . . . #
    \`)
serial.writeLine("shown")
`;

  it('decodes the LED matrix: an icon, then a drawn image', async () => {
    const build = await buildWithMakeCode('qemu-display', { 'main.ts': DISPLAY_PROGRAM });
    session = await MicrobitSession.boot(build.v1Hex);
    await session.waitForFrame(['#...#', '.#.#.', '..#..', '.#.#.', '#...#']);
    await session.waitForSerial('shown');
    expect(session.frames.map((f) => f.join('\n'))).toContain(HEART.join('\n'));
  }, 60_000);

  const BUTTONS_PROGRAM = `
input.onButtonPressed(Button.A, function () {
    serial.writeLine("A")
})
input.onButtonPressed(Button.B, function () {
    serial.writeLine("B")
})
serial.writeLine("ready")
`;

  it('presses buttons A and B', async () => {
    const build = await buildWithMakeCode('qemu-buttons', { 'main.ts': BUTTONS_PROGRAM });
    session = await MicrobitSession.boot(build.universalHex, { leds: false });
    await session.waitForSerial('ready');
    await session.press('A');
    await session.waitForSerial(/ready\s*\r\nA\s*\r\n/);
    await session.press('B');
    await session.waitForSerial(/A\s*\r\nB\s*\r\n/);
  }, 60_000);

  const PANIC_PROGRAM = `
serial.writeLine("before")
let list: number[] = null
serial.writeNumber(list.length)
`;

  it('shows a runtime panic as the DAL does: a sad face, then the code digit by digit (989)', async () => {
    const build = await buildWithMakeCode('qemu-panic', { 'main.ts': PANIC_PROGRAM });
    session = await MicrobitSession.boot(build.v1Hex);
    await session.waitForSerial('before');
    const NINE = ['.###.', '#...#', '.###.', '..#..', '.#...'];
    const EIGHT = ['.###.', '#...#', '.###.', '#...#', '.###.'];
    await session.waitForFrame(NINE);
    await session.waitForFrame(EIGHT);
    await session.waitForFrame(NINE);
    const shown = session.frames.map((f) => f.join(''));
    const sad = ['##.##', '##.##', '.....', '.###.', '#...#'].join('');
    expect(shown.indexOf(sad)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(sad)).toBeLessThan(shown.indexOf(NINE.join('')));
    expect(session.serial).not.toContain('after');
  }, 90_000);

  it('fails cleanly when the expected output never comes', async () => {
    const build = await buildWithMakeCode('qemu-buttons', { 'main.ts': BUTTONS_PROGRAM });
    session = await MicrobitSession.boot(build.universalHex, { leds: false });
    await expect(session.waitForSerial('never printed', 1500)).rejects.toThrow(/timed out after 1500 ms.*ready/s);
  }, 60_000);
});
