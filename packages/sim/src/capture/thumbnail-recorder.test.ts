import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import {
  THUMBNAIL_IDLE_MS,
  THUMBNAIL_INTERVAL_MS,
  THUMBNAIL_MAX_FRAMES,
  ThumbnailRecorder,
} from './thumbnail-recorder.ts';

function setup(changeEveryTick = true) {
  const clock = new ManualClock();
  let version = 0;
  let captures = 0;
  const done: Uint8Array[][] = [];
  const recorder = new ThumbnailRecorder({
    clock,
    capture: () => Promise.resolve(new Uint8Array([++captures])),
    version: () => (changeEveryTick ? ++version : version),
    onDone: (frames) => done.push(frames),
  });
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += THUMBNAIL_INTERVAL_MS) {
      clock.advance(THUMBNAIL_INTERVAL_MS);
      await Promise.resolve();
      await Promise.resolve();
    }
  };
  return { clock, recorder, done, run, captures: () => captures, change: () => version++ };
}

describe('ThumbnailRecorder (spec 002 §9)', () => {
  it('captures every 66 ms and stops after 30 frames', async () => {
    const s = setup();
    s.recorder.start();
    await s.run(THUMBNAIL_INTERVAL_MS * 29);
    expect(s.done).toEqual([]);
    expect(s.recorder.frameCount).toBe(29);
    await s.run(THUMBNAIL_INTERVAL_MS);
    expect(s.done).toHaveLength(1);
    expect(s.done[0]).toHaveLength(THUMBNAIL_MAX_FRAMES);
    expect(s.recorder.active).toBe(false);
    await s.run(1000);
    expect(s.captures()).toBe(THUMBNAIL_MAX_FRAMES);
  });

  it('takes no frame while the picture stays the same, and stops 10 s after the last interaction', async () => {
    const s = setup(false);
    s.recorder.start();
    await s.run(1000);
    expect(s.captures()).toBe(1);
    await s.run(5000);
    s.recorder.interaction();
    s.change();
    await s.run(THUMBNAIL_IDLE_MS - 200);
    expect(s.recorder.active).toBe(true);
    expect(s.captures()).toBe(2);
    await s.run(400);
    expect(s.recorder.active).toBe(false);
    expect(s.done).toEqual([[new Uint8Array([1]), new Uint8Array([2])]]);
  });

  it('cancel drops the frames without handing them over', async () => {
    const s = setup();
    s.recorder.start();
    await s.run(500);
    s.recorder.cancel();
    s.recorder.stop();
    expect(s.done).toEqual([]);
    expect(s.clock.pending).toBe(0);
  });
});
