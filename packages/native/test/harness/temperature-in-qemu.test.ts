// The harness's temperature (BootOptions.temperature): QEMU has no TEMP model, so the harness
// answers its registers through QEMU's GDB stub (gdb-registers.ts), and the firmware's
// input.temperature reads what the test asked for.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';
import { MicrobitSession, qemuAvailable } from './qemu-microbit.ts';

const compiler = createMicrobitCompiler(ts);

describe.skipIf(!qemuAvailable())('the harness gives the board a temperature (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  for (const temperature of [30, -12]) {
    it(`input.temperature() reads ${temperature}`, async () => {
      const source = 'serial.writeLine("t=" + input.temperature())\n';
      const built = compileForDevice(compiler, { 'main.ts': source }, { name: 'temperature' });
      expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
      const v1 = linkVariant(await testFirmwareStore().get('v1'), built.object!);
      session = await MicrobitSession.boot(writeVariantHex(v1), { leds: false, temperature });
      await session.waitForSerial(/t=-?\d+ *\r\n/, 20_000);
      expect(session.serial.replace(/\0/g, '').trim()).toBe(`t=${temperature}`);
    }, 60_000);
  }
});
