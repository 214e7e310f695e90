// The API coverage list: every function, method and property the micro:bit library declares,
// and whether the native back end runs it (firmware entry, device library) or refuses it with a
// diagnostic. The list is a reviewed golden file (docs/api-coverage.md).
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import { readApiMetadata } from '@blockyard/language';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiSupport, formatApiCoverage } from '../../src/thumb/api-support.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';

const metadata = readApiMetadata(
  ts,
  microbitLibraryFiles.map((file) => ({ name: file.name, text: file.text })),
);
const names = Object.keys(metadata.functions).sort();
const support = apiSupport(names);
const golden = join(import.meta.dirname, '..', '..', 'docs', 'api-coverage.md');

describe('API coverage of the native back end', () => {
  it('is the reviewed list in docs/api-coverage.md', () => {
    const text = formatApiCoverage(support);
    if (process.env['UPDATE_API_COVERAGE']) writeFileSync(golden, text);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('runs the calls learners use most (api-usage: the top of the list)', () => {
    const mostUsed = [
      'basic.showLeds',
      'basic.showString',
      'input.onButtonPressed',
      'basic.forever',
      'basic.showNumber',
      'basic.pause',
      'basic.showIcon',
      'input.acceleration',
      'input.onGesture',
      'led.plot',
      'basic.clearScreen',
      'input.onPinPressed',
      'pins.digitalWritePin',
      'led.unplot',
      'input.runningTime',
      'serial.writeLine',
      'input.lightLevel',
      'input.buttonIsPressed',
      'input.temperature',
      'pins.servoWritePin',
      'serial.writeValue',
      'led.setBrightness',
      'input.compassHeading',
    ];
    for (const name of mostUsed) {
      expect(names, name).toContain(name);
      expect(apiSupport([name])[0]!.how, name).not.toBe('not yet');
    }
  });

  it('refuses a call that is not supported with a diagnostic naming it', () => {
    const compiler = createMicrobitCompiler(ts);
    const cases: [string, string][] = [
      // Every API function runs on the radio firmware; the Bluetooth firmware has no radio.
      ['radio.setGroup(1)', 'radio.setGroup'],
      ['radio.off()', 'radio.off'],
    ];
    for (const [source, name] of cases) {
      expect(apiSupport([name], 'bluetooth')[0]!.how).toBe('not yet');
      const result = compileForDevice(compiler, { 'main.ts': source + '\n' }, { flavor: 'bluetooth' });
      expect(result.object).toBeUndefined();
      expect(result.diagnostics.map((d) => d.message)).toContain(`${name} does not run on the micro:bit yet.`);
    }
  });
});
