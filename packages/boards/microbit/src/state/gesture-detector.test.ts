import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { Accelerometer } from './accelerometer.ts';
import { Gesture, GestureDetector, SAMPLE_INTERVAL_MS } from './gesture-detector.ts';
import { Sensors } from './sensors.ts';

function setup() {
  const clock = new ManualClock();
  const sensors = new Sensors();
  const accelerometer = new Accelerometer(sensors);
  const raised: string[] = [];
  const detector = new GestureDetector(clock, accelerometer, (g) => raised.push(`${clock.now()} ${g}`));
  sensors.onChange(() => detector.wake());
  const pose = (x: number, y: number, z: number) => {
    sensors.set('accelerationX', x);
    sensors.set('accelerationY', y);
    sensors.set('accelerationZ', z);
  };
  return { clock, sensors, detector, raised, pose };
}

describe('GestureDetector', () => {
  it('reports a posture after it held for 5 samples of 20 ms, once', () => {
    const { clock, detector, raised } = setup();
    detector.activate();
    clock.advance(119);
    expect(raised).toEqual([]);
    clock.advance(1);
    expect(raised).toEqual([`120 ${Gesture.ScreenUp}`]);
    clock.advance(1000);
    expect(raised).toHaveLength(1);
    expect(detector.last).toBe(Gesture.ScreenUp);
  });

  it('stops sampling once settled and starts again when the acceleration changes', () => {
    const { clock, detector, raised, pose } = setup();
    detector.activate();
    clock.advance(200);
    expect(detector.sampling).toBe(false);
    pose(0, -1023, 0);
    expect(detector.sampling).toBe(true);
    clock.advance(6 * SAMPLE_INTERVAL_MS);
    expect(raised).toEqual([`120 ${Gesture.ScreenUp}`, `320 ${Gesture.LogoUp}`]);
  });

  it('recognises every posture, left/right first, then logo, then screen; and free fall', () => {
    const cases: [[number, number, number], number][] = [
      [[-1023, 0, 0], Gesture.TiltLeft],
      [[1023, 0, 0], Gesture.TiltRight],
      [[300, -1000, 0], Gesture.TiltRight],
      [[0, -1023, 0], Gesture.LogoUp],
      [[0, 1023, 0], Gesture.LogoDown],
      [[0, 100, -1000], Gesture.ScreenUp],
      [[0, 0, 1023], Gesture.ScreenDown],
      [[0, 0, 0], Gesture.FreeFall],
      [[100, 100, 250], Gesture.FreeFall],
    ];
    for (const [[x, y, z], gesture] of cases) {
      const { clock, detector, pose } = setup();
      pose(x, y, z);
      detector.activate();
      clock.advance(200);
      expect(detector.last, `${x},${y},${z}`).toBe(gesture);
    }
  });

  it('ignores a posture that does not last 5 samples (jitter)', () => {
    const { clock, detector, raised, pose } = setup();
    detector.activate();
    clock.advance(200);
    pose(1023, 0, 0);
    clock.advance(60);
    pose(0, 0, -1023);
    clock.advance(400);
    expect(raised).toEqual([`120 ${Gesture.ScreenUp}`]);
  });

  it('counts 4 quick reversals as a shake, then reports the posture again once it settles', () => {
    const { clock, detector, raised, pose } = setup();
    detector.activate();
    clock.advance(200);
    for (const x of [1500, -1500, 1500, -1500]) {
      pose(x, 0, -1023);
      clock.advance(20);
    }
    expect(raised.slice(1)).toEqual([`280 ${Gesture.Shake}`]);
    expect(detector.last).toBe(Gesture.Shake);
    pose(0, 0, -1023);
    clock.advance(200);
    expect(raised.slice(2)).toEqual([`400 ${Gesture.ScreenUp}`]);
  });

  it('does not count slow swings as a shake', () => {
    const { clock, detector, raised, pose } = setup();
    detector.activate();
    clock.advance(200);
    for (const x of [1500, -1500, 1500, -1500]) {
      pose(x, 0, -1023);
      clock.advance(400);
    }
    expect(raised.map((r) => Number(r.split(' ')[1]))).not.toContain(Gesture.Shake);
  });

  it('raises 3g, 6g and 8g knocks once each, when the range can measure them', () => {
    const { clock, detector, raised, pose, sensors } = setup();
    const accelerometer = new Accelerometer(sensors);
    accelerometer.setRange(8);
    const knocks: number[] = [];
    const wide = new GestureDetector(clock, accelerometer, (g) => knocks.push(g));
    sensors.onChange(() => wide.wake());
    wide.activate();
    detector.activate();
    pose(0, 0, -7000);
    clock.advance(100);
    expect(knocks.slice(0, 2)).toEqual([Gesture.ThreeG, Gesture.SixG]);
    // At the default 2 g range the same knock reads as 2 g: no 3g event.
    expect(raised.map((r) => Number(r.split(' ')[1]))).not.toContain(Gesture.ThreeG);
    pose(0, 0, -1023);
    clock.advance(200);
    pose(0, 0, -7000);
    clock.advance(40);
    expect(knocks.filter((g) => g === Gesture.ThreeG)).toHaveLength(2);
  });

  it('reports a performed gesture at once and keeps it as the current one', () => {
    const { clock, detector, raised, pose } = setup();
    pose(0, 1023, 0);
    detector.perform(Gesture.LogoDown);
    expect(raised).toEqual([`0 ${Gesture.LogoDown}`]);
    detector.activate();
    clock.advance(500);
    expect(raised).toHaveLength(1);
    expect(detector.last).toBe(Gesture.LogoDown);
    detector.reset();
    expect(detector.last).toBe(Gesture.None);
    expect(detector.sampling).toBe(false);
  });
});
