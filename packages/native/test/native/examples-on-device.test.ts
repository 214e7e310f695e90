// The example projects (content/examples) on the board: each one either compiles for the
// micro:bit and boots in QEMU's V1 board to a lit LED picture, or is refused only with
// "… does not run on the micro:bit yet." diagnostics (never an internal error or a broken image).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';

const examples = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples');
const compiler = createMicrobitCompiler(ts);
const projects = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const dir = join(examples, entry.name);
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
    );
    return { name: entry.name, result: compileForDevice(compiler, files, { name: entry.name }) };
  });

/** Examples that need what the back end does not have yet. */
const NOT_YET: string[] = [];
/**
 * Examples that compile but that QEMU cannot run (checked: it has no temperature sensor and no
 * RADIO model; radio.setGroup waits for the radio forever), or that light nothing until a
 * button is pressed (melody-player: its music runs in native-in-qemu.test.ts instead).
 */
const NOT_IN_QEMU = ['thermometer', 'radio-messenger', 'melody-player'];

describe('the example projects on the board', () => {
  it('compile, except the ones that use calls that do not run on the board yet', () => {
    expect(projects.length).toBeGreaterThan(5);
    for (const { name, result } of projects) {
      if (NOT_YET.includes(name)) {
        expect(result.object, name).toBeUndefined();
        for (const d of result.diagnostics) expect(d.message, name).toMatch(/does not run on the micro:bit yet\.$/);
      } else {
        expect(result.diagnostics.map(formatDiagnostic), name).toEqual([]);
      }
    }
  });

  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  for (const { name, result } of projects.filter((p) => !NOT_YET.includes(p.name) && !NOT_IN_QEMU.includes(p.name))) {
    it.skipIf(!qemuAvailable())(
      `${name} boots in QEMU and lights the LEDs`,
      async () => {
        const v1 = linkVariant(await testFirmwareStore().get('v1'), result.object!);
        session = await MicrobitSession.boot(writeVariantHex(v1));
        await session.waitUntil(
          () => session!.frames.some((frame) => frame.some((row) => row.includes('#'))),
          'a lit LED',
          30_000,
        );
      },
      60_000,
    );
  }
});
