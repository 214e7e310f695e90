import { describe, expect, it } from 'vitest';
import { run, start } from '../test/programs.ts';

const accel = (x: number, y: number, z: number, at: number) => [
  { key: 'accelerationX', value: x, at },
  { key: 'accelerationY', value: y, at },
  { key: 'accelerationZ', value: z, at },
];

describe('input gestures', () => {
  it('raises gestures recognised from the acceleration (5 samples of 20 ms after a change)', () => {
    const result = run(
      `input.onGesture(Gesture.LogoUp, () => serial.writeValue("logo up", control.millis()))
input.onGesture(Gesture.TiltLeft, () => serial.writeValue("tilt left", control.millis()))
input.onGesture(Gesture.ScreenDown, () => serial.writeValue("screen down", control.millis()))
input.onGesture(Gesture.ScreenUp, () => serial.writeValue("screen up", control.millis()))`,
      { settings: [...accel(0, -1023, 0, 1000), ...accel(-900, 0, -300, 2000), ...accel(0, 0, 1023, 3000)] },
    );
    // Lying flat when the program starts: "screen up" 6 samples after the first handler; after a
    // change the new posture is reported on the 6th sample too.
    expect(result.lines).toEqual([
      '120 screen up:120',
      '1120 logo up:1120',
      '2120 tilt left:2120',
      '3120 screen down:3120',
    ]);
  });

  it('raises every Gesture member performed outright, including shake, free fall and knocks', () => {
    const names = ['Shake', 'LogoUp', 'LogoDown', 'ScreenUp', 'ScreenDown', 'TiltLeft', 'TiltRight', 'FreeFall'];
    const knocks = ['ThreeG', 'SixG', 'EightG'];
    const source = [...names, ...knocks]
      .map((name) => `input.onGesture(Gesture.${name}, () => serial.writeLine("${name}"))`)
      .join('\n');
    const values = [11, 1, 2, 5, 6, 3, 4, 7, 8, 9, 10];
    const result = run(`serial.setWriteLinePadding(0)\n${source}`, {
      settings: values.map((value, i) => ({ key: 'gesture', value, at: 500 + i * 400 })),
      timeMs: 6000,
    });
    const seen = result.lines.map((line) => line.split(' ')[1]);
    // The board starts flat (screen up at 120 ms) and, as the device, reports screen up again once
    // it has settled after the shake. Knocks leave the posture (free fall) as it was.
    expect(seen).toEqual([
      'ScreenUp',
      'Shake',
      'ScreenUp',
      'LogoUp',
      'LogoDown',
      'ScreenUp',
      'ScreenDown',
      'TiltLeft',
      'TiltRight',
      'FreeFall',
      'ThreeG',
      'SixG',
      'EightG',
    ]);
  });

  it('tells whether a gesture is current, and leaves the accelerometer in the performed pose', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.forever(function () {
    serial.writeLine("" + input.isGesture(Gesture.LogoDown) + " " + input.acceleration(Dimension.Y))
    basic.pause(480)
})`,
      { settings: [{ key: 'gesture', value: 2, at: 700 }], timeMs: 1200 },
    );
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual(['false 0', 'false 0', 'true 1023']);
  });

  it('counts quick reversals of the acceleration as a shake', () => {
    // Samples are taken every 20 ms from the first change (1020, 1040, …); each sees a new swing.
    const swings = [1500, -1500, 1500, -1500].flatMap((x, i) => accel(x, 0, -1023, [1000, 1030, 1050, 1070][i]!));
    const result = run('input.onGesture(Gesture.Shake, () => serial.writeValue("shake", control.millis()))', {
      settings: swings,
    });
    expect(result.lines).toEqual(['1080 shake:1080']);
  });

  it('widens the range for knock gestures and raises 3g from a hard acceleration', () => {
    const result = run(
      `input.onGesture(Gesture.ThreeG, () => serial.writeValue("3g", control.millis()))
serial.writeValue("range 2g reads", input.acceleration(Dimension.Z))`,
      { settings: accel(0, 0, -3500, 1000) },
    );
    expect(result.lines).toEqual(['0 range 2g reads:-1023', '1020 3g:1020']);
  });
});

describe('input motion readings', () => {
  it('reads acceleration in milli-g, clipped by the range; strength; pitch and roll', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
serial.writeNumbers([input.acceleration(Dimension.X), input.acceleration(Dimension.Y), input.acceleration(Dimension.Z), input.acceleration(Dimension.Strength)])
serial.writeNumbers([input.rotation(Rotation.Pitch), input.rotation(Rotation.Roll)])
basic.pause(200)
serial.writeNumbers([input.acceleration(Dimension.X), input.acceleration(Dimension.Strength), input.rotation(Rotation.Roll)])
input.setAccelerometerRange(AcceleratorRange.EightG)
serial.writeNumbers([input.acceleration(Dimension.X), input.acceleration(Dimension.Z)])
input.setAccelerometerRange(AcceleratorRange.OneG)
serial.writeNumbers([input.acceleration(Dimension.X), input.acceleration(Dimension.Z)])`,
      { settings: accel(3000, 0, 0, 100) },
    );
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual([
      '0,0,-1023,1023',
      '0,0',
      '2047,2047,90',
      '3000,0',
      '1023,0',
    ]);
  });

  it('reads the compass heading (90 by default), magnetic force and calibrates without fuss', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
input.calibrateCompass()
serial.writeValue("heading", input.compassHeading())
basic.pause(100)
serial.writeValue("heading", input.compassHeading())
serial.writeNumbers([input.magneticForce(Dimension.X), input.magneticForce(Dimension.Y), input.magneticForce(Dimension.Z)])
serial.writeValue("strength", Math.round(input.magneticForce(Dimension.Strength)))`,
      {
        settings: [
          { key: 'compassHeading', value: 270, at: 50 },
          { key: 'magneticForceX', value: 30, at: 50 },
        ],
      },
    );
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual([
      'heading:90',
      'heading:270',
      '30,20,-45',
      'strength:58',
    ]);
  });

  it('still runs programs written with the old gesture names', () => {
    const t = start(`input.onShake(() => serial.writeLine("shaken"))
input.onScreenUp(() => serial.writeLine("up"))
input.onScreenDown(() => serial.writeLine("down"))
input.onLogoUp(() => serial.writeLine("logo up"))
input.onLogoDown(() => serial.writeLine("logo down"))
input.calibrate()`);
    t.advance(300);
    for (const gesture of [11, 6, 1, 2]) {
      t.board.performGesture(gesture);
      t.advance(300);
    }
    expect(t.batches.map((b) => (JSON.parse(b.slice(b.indexOf(' ') + 1)) as string).trim())).toEqual([
      'up',
      'shaken',
      'up',
      'down',
      'logo up',
      'logo down',
    ]);
  });
});
