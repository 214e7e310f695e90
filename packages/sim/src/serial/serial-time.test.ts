import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { Plotter } from './plotter.ts';
import { serialClock } from './serial-time.ts';

describe('one clock for serial from the simulator and from a real board', () => {
  // The page started at epoch 1_000_000 ms; the simulator's worker 2.5 s later, so at one
  // instant the page's monotonic clock reads 2.5 s more than the worker's.
  const pageOrigin = 1_000_000;
  const workerOrigin = pageOrigin + 2_500;

  it('the page and the worker stamp one instant with the same time', () => {
    const page = new ManualClock(7_500);
    const worker = new ManualClock(5_000);
    expect(serialClock(page, pageOrigin)()).toBe(1_007_500);
    expect(serialClock(worker, workerOrigin)()).toBe(1_007_500);
    page.advance(1_000);
    worker.advance(1_000);
    expect(serialClock(page, pageOrigin)()).toBe(serialClock(worker, workerOrigin)());
  });

  it('a chart with both puts lines written together at the same time, one second apart after a second', () => {
    const page = new ManualClock(7_500);
    const worker = new ManualClock(5_000);
    const pageNow = serialClock(page, pageOrigin);
    const workerNow = serialClock(worker, workerOrigin);
    const plotter = new Plotter();
    // The real board's line arrives first; the simulator's line at the same instant is not
    // pushed back to the chart's start (its own clock reads less).
    plotter.addLine(0, pageNow(), 'usb:1');
    plotter.addLine(1, workerNow(), 'sim:1');
    page.advance(1_000);
    worker.advance(1_000);
    plotter.addLine(1, workerNow(), 'sim:2');
    plotter.addLine(0, pageNow(), 'usb:2');
    const times = Object.fromEntries(plotter.getSnapshot().series.map((s) => [s.name, s.points.map((p) => p.t)]));
    expect(times).toEqual({ usb: [0, 1], sim: [0, 1] });
  });
});
