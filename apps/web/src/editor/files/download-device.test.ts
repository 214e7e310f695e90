import { ManualClock, readProject } from '@blockyard/core';
import { newProjectFiles } from '@blockyard/projects';
import type { DeviceBuildOutcome, DeviceBuildRequest } from '@blockyard/compiler-worker';
import { describe, expect, it } from 'vitest';
import { buildProjectDownload, type DeviceImageBuilder, hexHoldsProgram } from './download-project.ts';

const input = {
  name: 'Dice',
  files: { ...newProjectFiles('Dice'), 'main.ts': 'basic.showNumber(1)\n', 'notes.md': '# hi' },
};

const hexOf = (device: DeviceImageBuilder) =>
  buildProjectDownload(input, 'hex', new ManualClock(), 'http://localhost:3000', device);

/** A tiny Intel HEX that is not the empty-program marker (stands for a linked image). */
const programHex = ':020000040000FA\n:0400000001020304F2\n:00000001FF\n';

const place = { call: 'radio.sendNumber', file: 'main.ts', line: 2, column: 1 };

const answer =
  (outcome: DeviceBuildOutcome, seen: DeviceBuildRequest[] = []): DeviceImageBuilder =>
  (request) => {
    seen.push(request);
    return Promise.resolve(outcome);
  };

describe('Download of a .hex: the program for the board, or the source with a reason', () => {
  it('gives the device image when the board can run it, with the V1 size', async () => {
    const seen: DeviceBuildRequest[] = [];
    const size = { used: 900, room: 90_000 };
    const download = await hexOf(answer({ kind: 'runnable', hex: programHex, v1: size, v2: size }, seen));
    expect(download).toMatchObject({ runnable: true, size, fileName: 'Dice.hex' });
    expect(new TextDecoder().decode(download.bytes)).toBe(programHex);
    expect(download.note).toBeUndefined();
    // The compiler gets the program files; the project (all files) is embedded.
    expect(Object.keys(seen[0]!.files)).toEqual(['main.ts']);
    expect(seen[0]!.project['notes.md']).toBe('# hi');
    expect(seen[0]).toMatchObject({ name: 'Dice', editorUrl: 'http://localhost:3000' });
  });

  it.each<[string, DeviceBuildOutcome | Error, unknown]>([
    [
      'calls the board cannot run yet',
      { kind: 'unsupported', calls: ['radio.sendNumber'], places: [place] },
      { kind: 'unsupported', calls: ['radio.sendNumber'], places: [place] },
    ],
    [
      'a program too big',
      { kind: 'tooBig', board: 'micro:bit V1', overBy: 12, message: 'program too big by 12 bytes!' },
      { kind: 'tooBig', board: 'micro:bit V1', message: 'program too big by 12 bytes!' },
    ],
    ['firmware that would not load', { kind: 'notBuilt', reason: 'offline' }, { kind: 'notBuilt', reason: 'offline' }],
    ['a crashed worker', new Error('The compiler stopped'), { kind: 'notBuilt', reason: 'The compiler stopped' }],
  ])('falls back to the source-only .hex, with a note, on %s', async (_what, outcome, note) => {
    const device: DeviceImageBuilder = () =>
      outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
    const download = await hexOf(device);
    expect(download.runnable).toBe(false);
    expect(download.note).toEqual(note);
    expect(download.size).toBeUndefined();
    expect(hexHoldsProgram(download.bytes)).toBe(false);
    expect(readProject(download.bytes).files['main.ts']).toBe('basic.showNumber(1)\n');
  });

  it('never offers a file without a program as runnable, whatever the answer said', async () => {
    const empty = await buildProjectDownload(input, 'hex', new ManualClock(), 'x');
    const size = { used: 1, room: 2 };
    const download = await hexOf(
      answer({ kind: 'runnable', hex: new TextDecoder().decode(empty.bytes), v1: size, v2: size }),
    );
    expect(download.runnable).toBe(false);
    expect(download.note?.kind).toBe('notBuilt');
  });

  it('leaves .png and .mkcd alone', async () => {
    let asked = 0;
    const device: DeviceImageBuilder = () => {
      asked++;
      return Promise.reject(new Error('not for these'));
    };
    for (const format of ['png', 'mkcd'] as const) {
      const download = await buildProjectDownload(input, format, new ManualClock(), 'x', device);
      expect(download.note).toBeUndefined();
    }
    expect(asked).toBe(0);
  });
});
