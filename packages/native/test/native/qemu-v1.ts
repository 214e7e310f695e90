// The steps the QEMU suites share: a program built by our back end and linked with the V1
// firmware as a .hex for MicrobitSession.boot, and the serial text read back as lines.
import { type Compiler, formatDiagnostic } from '@blockyard/language';
import { expect } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';

/** `source` compiled for the device (no diagnostics) and linked with the V1 firmware, as a .hex. */
export async function v1Hex(compiler: Compiler, source: string, name: string): Promise<string> {
  const built = compileForDevice(compiler, { 'main.ts': source }, { name });
  expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
  return writeVariantHex(linkVariant(await testFirmwareStore().get('v1'), built.object!));
}

/** Serial text as lines without the NUL before the first output, \r, or writeLine's padding. */
export function deviceLines(serial: string): string[] {
  return serial
    .replace(/\0/g, '')
    .split('\n')
    .slice(0, -1)
    .map((line) => line.replace(/\r$/, '').replace(/ +$/, ''));
}
