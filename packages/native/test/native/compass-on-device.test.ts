// The compass example (content/examples/compass) on the board, turned to four headings: it shows
// the simulator's arrows in the same order. QEMU has no magnetometer model of its own; the
// harness plays DAL's accelerometer and magnetometer chips (BootOptions.motion, a board lying
// flat in a field of the test's heading) and stores a compass calibration in the flash it boots,
// as on a board whose calibration game was played once. Without that stored calibration, DAL's
// first heading read starts the game ("TILT TO FILL SCREEN"), which waits for the board to be
// tilted all round: the simulator has no such game (see harness/compass-calibration.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { prepareHeadlessRun } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { litSequence, type LedFrame } from '../harness/led-matrix.ts';
import type { MotionSensorState } from '../harness/motion-sensors.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { v1Hex } from './qemu-v1.ts';

const compiler = createMicrobitCompiler(ts);
const source = readFileSync(
  join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples', 'compass', 'main.ts'),
  'utf8',
);
/** The simulator's heading until a learner changes it, then three more, one per arrow. */
const HEADINGS = [90, 0, 180, 270];
/** Virtual ms the simulator spends at each heading (an arrow shows for 600 ms). */
const STEP_MS = 2000;

/** The simulator's pictures of `files` with the compass turned to each heading in turn. */
function simulatorPictures(files: Readonly<Record<string, string>>): string[] {
  const compiled = compiler.compile(files);
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const timeMs = HEADINGS.length * STEP_MS;
  const settings = HEADINGS.map((value, i) => ({ key: 'compassHeading', value, at: i * STEP_MS }));
  const run = prepareHeadlessRun({ program: compiled.program, timeMs, settings });
  const frames: LedFrame[] = [];
  const board = run.world.board(1);
  for (let at = 0; at <= timeMs; at += 5) run.clock.setTimeout(() => frames.push(board.display.rows()), at);
  run.run();
  return litSequence(frames);
}

const arrow = (name: string) => simulatorPictures({ 'main.ts': `basic.showArrow(ArrowNames.${name})\n` })[0]!;

describe.skipIf(!qemuAvailable())('the compass example on the board (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  it("shows the simulator's arrows as the board turns", async () => {
    const expected = simulatorPictures({ 'main.ts': source });
    expect(expected).toEqual(['West', 'North', 'South', 'East'].map(arrow));
    const motion: MotionSensorState = { heading: HEADINGS[0]!, acceleration: { x: 0, y: 0, z: -1023 } };
    const board = await MicrobitSession.boot(await v1Hex(compiler, source, 'compass'), { motion });
    session = board;
    for (const [i, heading] of HEADINGS.entries()) {
      motion.heading = heading;
      await board.waitUntil(() => litSequence(board.frames).length > i, `the arrow for ${heading}°`, 30_000);
    }
    expect(litSequence(board.frames)).toEqual(expected);
  }, 120_000);
});
