// Fibers that print in tight loops take turns at the serial port on the device (QEMU, V1): each
// one gets its lines out, none is starved by a writer that never pauses, and no line is torn
// (the device library's __device_serial.writeString: one writer at a time, and a writer that
// finishes a line while others wait lets them go first).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';

const compiler = createMicrobitCompiler(ts);

/** Serial text as lines without NULs, \r, or writeLine's padding (the last, unfinished one dropped). */
function deviceLines(serial: string): string[] {
  return serial
    .replace(/\0/g, '')
    .split('\n')
    .slice(0, -1)
    .map((line) => line.replace(/\r$/, '').replace(/ +$/, ''));
}

async function boot(source: string): Promise<MicrobitSession> {
  const built = compileForDevice(compiler, { 'main.ts': source }, { name: 'serial-turns' });
  expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
  const v1 = linkVariant(await testFirmwareStore().get('v1'), built.object!);
  return MicrobitSession.boot(writeVariantHex(v1), { leds: false, sessionTimeoutMs: 60_000 });
}

/** Each writer's numbers in the order printed; fails on a line that is not one writer's whole line. */
function byWriter(lines: readonly string[], writers: readonly string[]): Map<string, number[]> {
  const seen = new Map(writers.map((w) => [w, [] as number[]]));
  for (const line of lines) {
    const match = /^([a-z]+) (\d+)$/.exec(line);
    expect(match && seen.has(match[1]!), `a whole line of one writer: ${JSON.stringify(line)}`).toBe(true);
    seen.get(match![1]!)!.push(Number(match![2]));
  }
  return seen;
}

const LINES = 60;

describe.skipIf(!qemuAvailable())('serial turns between fibers (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  it('two fibers printing with no pause both get their lines out, whole and in order', async () => {
    const board = await boot(`
control.inBackground(function () {
    let n = 0
    while (true) {
        serial.writeLine("one " + n)
        n++
    }
})
control.inBackground(function () {
    let n = 0
    while (true) {
        serial.writeLine("two " + n)
        n++
    }
})
`);
    session = board;
    await board.waitUntil(() => deviceLines(board.serial).length >= LINES, `${LINES} lines`, 40_000);
    const lines = deviceLines(board.serial).slice(0, LINES);
    const seen = byWriter(lines, ['one', 'two']);
    for (const [writer, numbers] of seen) {
      // Every line of each writer, none lost: 0, 1, 2, … in order.
      expect(numbers, writer).toEqual(numbers.map((_, i) => i));
      // Neither is starved: each has at least a third of the lines.
      expect(numbers.length, `${writer}'s share of ${LINES} lines`).toBeGreaterThanOrEqual(LINES / 3);
    }
  }, 90_000);

  it('a writer that never pauses does not starve the main program nor a pausing fiber', async () => {
    const board = await boot(`
control.inBackground(function () {
    let n = 0
    while (true) {
        serial.writeLine("busy " + n)
        n++
    }
})
control.inBackground(function () {
    for (let n = 0; n < 5; n++) {
        serial.writeLine("slow " + n)
        basic.pause(20)
    }
})
basic.pause(10)
for (let n = 0; n < 5; n++) serial.writeLine("main " + n)
`);
    session = board;
    const done = (writer: string) => deviceLines(board.serial).includes(`${writer} 4`);
    await board.waitUntil(() => done('slow') && done('main'), 'the lines "slow 4" and "main 4"', 40_000);
    const seen = byWriter(deviceLines(board.serial), ['busy', 'slow', 'main']);
    for (const [writer, numbers] of seen) expect(numbers, writer).toEqual(numbers.map((_, i) => i));
    expect(seen.get('slow')).toEqual([0, 1, 2, 3, 4]);
    expect(seen.get('main')).toEqual([0, 1, 2, 3, 4]);
  }, 90_000);
});
