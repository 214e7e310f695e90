// The example projects (content/examples) on the board: each one compiles for the micro:bit and
// boots in QEMU's V1 board to a lit LED picture; where the program's pictures do not depend on a
// sensor QEMU lacks, they are the simulator's, in the same order (none of them prints to serial).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { prepareHeadlessRun } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { frameText, litSequence, type LedFrame } from '../harness/led-matrix.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { RadioAir } from '../harness/radio-model.ts';
import { EXAMPLE_PROJECTS } from '../support/example-projects.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';

const compiler = createMicrobitCompiler(ts);
const projects = EXAMPLE_PROJECTS.map(({ name, files }) => ({
  name,
  files,
  result: compileForDevice(compiler, files, { name }),
}));

const sleepWall = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The simulator's picture of an icon (IconNames member). */
function simulatorIcon(name: string): string {
  return simulatorPictures({ 'main.ts': `basic.showIcon(IconNames.${name})\n` }, 100)[0]!;
}

/** The simulator's lit pictures over `timeMs` of virtual time, sampled every 5 ms. */
function simulatorPictures(
  files: Readonly<Record<string, string>>,
  timeMs: number,
  presses: { button: 'A' | 'B'; at: number }[] = [],
): string[] {
  return simulatorWorldPictures(files, 1, timeMs, presses)[0]!;
}

/** Each board's lit pictures in a simulator World of `boards` boards (presses on board 1). */
function simulatorWorldPictures(
  files: Readonly<Record<string, string>>,
  boards: number,
  timeMs: number,
  presses: { button: 'A' | 'B'; at: number }[] = [],
): string[][] {
  const compiled = compiler.compile(files);
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const run = prepareHeadlessRun({ program: compiled.program, timeMs, presses, boards });
  const frames = run.world.boards.map((): LedFrame[] => []);
  for (let at = 0; at <= timeMs; at += 5)
    run.clock.setTimeout(() => run.world.boards.forEach((board, i) => frames[i]!.push(board.display.rows())), at);
  run.run();
  return frames.map(litSequence);
}

/**
 * Examples whose pictures are compared with the simulator's: how many of the first pictures, and
 * how long the simulator runs to show them. The others need what QEMU does not have (below).
 */
const COMPARED: Readonly<
  Record<string, { pictures: number; timeMs: number; temperature?: boolean; compass?: boolean }>
> = {
  heartbeat: { pictures: 6, timeMs: 6000 },
  // "Hi!" scrolled, every column step, then "Sam" (the simulator's font is the firmware's).
  'name-badge': { pictures: 40, timeMs: 12000 },
  dice: { pictures: 1, timeMs: 1000 },
  'reaction-game': { pictures: 1, timeMs: 1000 },
  'step-counter': { pictures: 1, timeMs: 1000 },
  // "RPS" scrolled, every column step ("R" has the firmware's leg).
  'rock-paper-scissors': { pictures: 20, timeMs: 6000 },
  // "21" scrolled, then "C", then "21" again over the "C" (the simulator's scroll moves the old
  // picture first, as DAL's MicroBitDisplay::updateScrollText does): the harness's TEMP reads
  // the simulator's default temperature.
  thermometer: { pictures: 30, timeMs: 9000, temperature: true },
  // The arrow for the simulator's default heading: the harness plays the compass chip and stores
  // a calibration (BootOptions.motion); compass-on-device.test.ts turns the board all round.
  compass: { pictures: 1, timeMs: 1000, compass: true },
};

/** The simulator's temperature until a learner changes it (board-microbit's sensor defaults). */
const SIMULATOR_TEMPERATURE = 21;
/** The simulator's compass heading and acceleration (lying flat) until a learner changes them. */
const SIMULATOR_MOTION = { heading: 90, acceleration: { x: 0, y: 0, z: -1023 } };

/** Examples that need what the back end does not have yet. */
const NOT_YET: string[] = [];
/**
 * Examples with a test of their own below (they light nothing until a button is pressed):
 * - radio-messenger runs on two boards joined by the harness's radio air (harness/radio-model.ts:
 *   QEMU 7.2's nRF51 has no RADIO, so without it radio.setGroup waits for EVENTS_READY for ever).
 * - melody-player: its test presses B and A; QEMU gives out no sound, its music runs in
 *   native-in-qemu.test.ts, where music.setPlayTone prints each tone.
 */
const OWN_TEST = ['radio-messenger', 'melody-player'];
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

  for (const { name, files, result } of projects.filter(
    (p) => !NOT_YET.includes(p.name) && !OWN_TEST.includes(p.name),
  )) {
    it.skipIf(!qemuAvailable())(
      `${name} boots in QEMU and ${name in COMPARED ? "shows the simulator's pictures" : 'lights the LEDs'}`,
      async () => {
        const v1 = linkVariant(await testFirmwareStore().get('v1'), result.object!);
        const temperature = COMPARED[name]?.temperature ? SIMULATOR_TEMPERATURE : undefined;
        const motion = COMPARED[name]?.compass ? structuredClone(SIMULATOR_MOTION) : undefined;
        session = await MicrobitSession.boot(writeVariantHex(v1), { temperature, motion });
        await session.waitUntil(
          () => session!.frames.some((frame) => frame.some((row) => row.includes('#'))),
          'a lit LED',
          30_000,
        );
        const compared = COMPARED[name];
        if (!compared) return;
        const expected = simulatorPictures(files, compared.timeMs).slice(0, compared.pictures);
        expect(expected.length, name).toBe(compared.pictures);
        await session.waitUntil(
          () => litSequence(session!.frames).length >= compared.pictures,
          `${compared.pictures} pictures`,
          60_000,
        );
        expect(litSequence(session.frames).slice(0, compared.pictures)).toEqual(expected);
      },
      120_000,
    );
  }

  // With the LED recording on, the harness's presses are not always taken as clicks (its clock
  // speed varies with the machine's load): a press is repeated until its picture shows. A repeat
  // shows the same icon again, which the order of pictures does not count twice.
  it.skipIf(!qemuAvailable())(
    "melody-player shows the simulator's note icons on a press of B, then of A",
    async () => {
      const project = projects.find((p) => p.name === 'melody-player')!;
      const expected = simulatorPictures(project.files, 9000, [
        { button: 'B', at: 500 },
        { button: 'A', at: 6000 },
      ]);
      expect(expected).toEqual([simulatorIcon('QuarterNote'), simulatorIcon('EigthNote')]);
      const v1 = linkVariant(await testFirmwareStore().get('v1'), project.result.object!);
      const board = await MicrobitSession.boot(writeVariantHex(v1), { sessionTimeoutMs: 140_000 });
      session = board;
      const lit = () => litSequence(board.frames);
      const dark = () => !frameText(board.frames.at(-1) ?? []).includes('#');
      const pressUntil = async (button: 'A' | 'B', done: () => boolean, what: string) => {
        for (let attempt = 0; attempt < 8 && !done(); attempt++) {
          await board.press(button, 80);
          await board.waitUntil(done, what, 8_000).catch(() => undefined);
        }
        expect(done(), what).toBe(true);
      };
      await sleepWall(1000);
      await pressUntil('B', () => lit().length >= 1, 'the quarter note');
      // The tune ends with the screen cleared.
      await board.waitUntil(dark, 'a dark screen after the tune', 60_000);
      await pressUntil('A', () => lit().length >= 2, 'the eighth note');
      expect(lit()).toEqual(expected);
    },
    150_000,
  );

  // Two boards on one radio air, as the simulator's World of two: board 1's A sends "Hello"
  // (board 1 ticks, board 2 scrolls it), then its B sends 1 (board 2 shows the heart). A press
  // is repeated only when its picture did not come (a repeated A would scroll "Hello" twice).
  it.skipIf(!qemuAvailable())(
    "radio-messenger: two boards show the simulator's pictures when board 1 sends",
    async () => {
      const project = projects.find((p) => p.name === 'radio-messenger')!;
      const [expected1, expected2] = simulatorWorldPictures(project.files, 2, 12000, [
        { button: 'A', at: 1000 },
        { button: 'B', at: 9000 },
      ]) as [string[], string[]];
      expect(expected1).toEqual([
        simulatorPictures({ 'main.ts': "basic.showString('7')\n" }, 100)[0],
        simulatorIcon('Yes'),
      ]);
      expect(expected2.at(-1)).toBe(simulatorIcon('Heart'));
      expect(expected2.length).toBeGreaterThan(10); // "7", "Hello" scrolled column by column, the heart
      const v1 = linkVariant(await testFirmwareStore().get('v1'), project.result.object!);
      const air = new RadioAir();
      const hex = writeVariantHex(v1);
      const boards: MicrobitSession[] = [];
      try {
        for (const id of [1, 2])
          boards.push(await MicrobitSession.boot(hex, { radio: air.radio(id), sessionTimeoutMs: 170_000 }));
        const [one, two] = boards as [MicrobitSession, MicrobitSession];
        const lit = (board: MicrobitSession) => litSequence(board.frames);
        for (const board of boards) await board.waitUntil(() => lit(board).length >= 1, '"7"', 30_000);
        const pressUntil = async (button: 'A' | 'B', seen: MicrobitSession, done: () => boolean, what: string) => {
          for (let attempt = 0; attempt < 6 && !done(); attempt++) {
            await one.press(button, 80);
            await seen.waitUntil(done, what, 10_000).catch(() => undefined);
          }
          expect(done(), what).toBe(true);
        };
        await pressUntil('A', one, () => lit(one).length >= 2, "board 1's tick");
        const dark = () => !frameText(two.frames.at(-1) ?? []).includes('#');
        await two.waitUntil(
          () => lit(two).length >= expected2.length - 1 && dark(),
          '"Hello" scrolled on board 2',
          60_000,
        );
        await pressUntil('B', two, () => lit(two).length >= expected2.length, "board 2's heart");
        // One frame per click (a press taken twice would scroll "Hello" twice).
        expect(air.log.map((entry) => entry.from)).toEqual([1, 1]);
        expect(lit(one)).toEqual(expected1);
        expect(lit(two)).toEqual(expected2);
      } finally {
        for (const board of boards) board.close();
      }
    },
    180_000,
  );

  it('compares every example that QEMU can show with the simulator, or says why not', () => {
    for (const { name } of projects) {
      const why = NOT_YET.includes(name) || OWN_TEST.includes(name);
      expect(name in COMPARED || why, name).toBe(true);
    }
  });
});
