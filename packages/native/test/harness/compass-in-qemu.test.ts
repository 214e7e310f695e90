// The harness's compass (BootOptions.motion): QEMU's TWI stub answers only DAL's probes, so the
// harness plays the accelerometer and magnetometer through QEMU's GDB stub (motion-sensors.ts)
// and stores a compass calibration in the booted flash (compass-calibration.ts); the firmware's
// input.compassHeading then reads the heading the test sets, without a calibration game.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';
import type { MotionSensorState } from './motion-sensors.ts';
import { MicrobitSession, qemuAvailable } from './qemu-microbit.ts';

const compiler = createMicrobitCompiler(ts);

describe.skipIf(!qemuAvailable())('the harness gives the board a compass (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  it('input.compassHeading() reads the heading the harness sets', async () => {
    const source = [
      'basic.forever(function () {',
      '  serial.writeLine("h=" + input.compassHeading())',
      '  basic.pause(100)',
      '})',
      '',
    ].join('\n');
    const built = compileForDevice(compiler, { 'main.ts': source }, { name: 'heading' });
    expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
    const v1 = linkVariant(await testFirmwareStore().get('v1'), built.object!);
    const motion: MotionSensorState = { heading: 90, acceleration: { x: 0, y: 0, z: -1023 } };
    const board = await MicrobitSession.boot(writeVariantHex(v1), { leds: false, motion });
    session = board;
    const seen: number[] = [];
    const headings = [90, 10, 200, 300];
    for (const heading of headings) {
      motion.heading = heading;
      const from = board.serial.length;
      // The first line after a change may hold a sample read before it.
      await board.waitUntil(() => (board.serial.slice(from).match(/h=\d+ *\r\n/g) ?? []).length >= 2, `h=`, 30_000);
      const lines = board.serial.slice(from).match(/h=(\d+) *\r\n/g)!;
      seen.push(Number(/\d+/.exec(lines[1]!)![0]));
    }
    // DAL truncates its float bearing: 90 may read 89.
    seen.forEach((value, i) => expect(Math.abs(value - headings[i]!), seen.join(' ')).toBeLessThanOrEqual(1));
  }, 90_000);
});
