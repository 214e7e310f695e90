import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { GifRecorder, RECORDING_INTERVAL_MS } from './gif-recorder.ts';

function solid(width: number, height: number, rgb: [number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return { data, width, height };
}

/** Image descriptors (0x2c) that follow a graphic control extension (0x21 0xf9), and their delays. */
function gifFrames(bytes: Uint8Array): number[] {
  const delays: number[] = [];
  for (let i = 0; i + 8 < bytes.length; i++) {
    if (bytes[i] === 0x21 && bytes[i + 1] === 0xf9 && bytes[i + 2] === 4)
      delays.push(bytes[i + 4]! | (bytes[i + 5]! << 8));
  }
  return delays;
}

async function settle() {
  await Promise.resolve();
  await Promise.resolve();
}

describe('GifRecorder', () => {
  it('records a frame every 66 ms into a looping GIF of the board size', async () => {
    const clock = new ManualClock();
    let n = 0;
    const recorder = new GifRecorder({
      clock,
      grab: () => Promise.resolve(solid(20, 16, n++ % 2 ? [255, 0, 0] : [0, 0, 0])),
    });
    recorder.start();
    await settle();
    for (let i = 0; i < 9; i++) {
      clock.advance(RECORDING_INTERVAL_MS);
      await settle();
    }
    const gif = recorder.stop();
    expect(gif).toBeDefined();
    if (!gif) return;
    expect(new TextDecoder().decode(gif.data.subarray(0, 6))).toBe('GIF89a');
    expect(gif.data[6]! | (gif.data[7]! << 8)).toBe(20);
    expect(gif.data[8]! | (gif.data[9]! << 8)).toBe(16);
    expect(gif.frames).toBe(10);
    // Delays are stored in hundredths of a second: 66 ms -> 7.
    expect(gifFrames(gif.data)).toEqual(Array(10).fill(7));
    expect(gif.data.at(-1)).toBe(0x3b);
    expect(recorder.recording).toBe(false);
  });

  it('uses the real time between frames when grabbing is slow', async () => {
    const clock = new ManualClock();
    let resolveGrab: (() => void) | undefined;
    const recorder = new GifRecorder({
      clock,
      grab: () => new Promise((resolve) => (resolveGrab = () => resolve(solid(4, 4, [1, 2, 3])))),
    });
    recorder.start();
    resolveGrab?.();
    await settle();
    clock.advance(RECORDING_INTERVAL_MS * 3); // ticks while nothing is pending: one grab starts
    clock.advance(134);
    resolveGrab?.();
    await settle();
    const gif = recorder.stop();
    expect(gif && gifFrames(gif.data)).toEqual([33, 7]);
  });

  it('stops by itself at the time limit', async () => {
    const clock = new ManualClock();
    let stopped = 0;
    const recorder = new GifRecorder({
      clock,
      maxMs: 500,
      grab: () => Promise.resolve(solid(2, 2, [0, 0, 0])),
      onAutoStop: () => stopped++,
    });
    recorder.start();
    for (let t = 0; t < 600; t += RECORDING_INTERVAL_MS) {
      clock.advance(RECORDING_INTERVAL_MS);
      await settle();
    }
    expect(stopped).toBeGreaterThan(0);
  });

  it('gives nothing when no frame was captured', () => {
    const clock = new ManualClock();
    const recorder = new GifRecorder({ clock, grab: () => Promise.reject(new Error('no view')) });
    recorder.start();
    expect(recorder.stop()).toBeUndefined();
    expect(recorder.stop()).toBeUndefined();
  });
});
