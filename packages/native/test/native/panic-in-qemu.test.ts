// A runtime panic on the device names its statement: a program that uses null where the firmware
// needs an object stops with panic 989, as the firmware does, after printing the statement's
// file and line on serial (runtime-helpers.ts `_check_ref`). Runs on the emulated V1 board.
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

const NINE = ['.###.', '#...#', '.###.', '..#..', '.#...'];
const EIGHT = ['.###.', '#...#', '.###.', '#...#', '.###.'];

describe('null checks before the firmware reads an object', () => {
  it('check object and text arguments, and function values, but not fresh literals', () => {
    const checked = build({ 'main.ts': 'let list: number[] = null\nserial.writeNumber(list.length)\n' });
    expect(checked.assembly).toMatch(/bl _check_ref/);
    // The position is a string literal in the program: "main.ts:2\r\n".
    const position = [...new TextEncoder().encode('main.ts:2\r\n'), 0].join(', ');
    expect(checked.assembly).toContain(`.byte ${position}\n`);
    const literal = build({ 'main.ts': 'serial.writeNumber([1, 2].length + "ab".length)\n' });
    expect(literal.assembly).not.toMatch(/bl _check_ref/);
    const value = build({ 'main.ts': 'let f: () => void = null\nif (input.buttonIsPressed(Button.A)) f()\n' });
    expect(value.assembly).toMatch(/bl _check_ref/);
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
});
