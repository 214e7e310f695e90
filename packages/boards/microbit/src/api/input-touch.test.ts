import { describe, expect, it } from 'vitest';
import { LOGO_ID } from '../state/touch-sensors.ts';
import { run, start } from '../test/programs.ts';

describe('input touch pins and logo', () => {
  it('runs pin handlers when a pin is touched and let go, telling the pins apart', () => {
    const result = run(
      `input.onPinPressed(TouchPin.P0, () => serial.writeValue("P0", control.millis()))
input.onPinPressed(TouchPin.P1, () => serial.writeValue("P1", control.millis()))
input.onPinReleased(TouchPin.P2, () => serial.writeValue("P2 released", control.millis()))`,
      {
        presses: [
          { button: 'P0', at: 500 },
          { button: 'P1', at: 1000 },
          { button: 'P2', at: 1500 },
        ],
      },
    );
    expect(result.lines).toEqual(['600 P0:600', '1100 P1:1100', '1600 P2 released:1600']);
  });

  it('tells whether a pin or the logo is touched right now', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.forever(function () {
    serial.writeLine("" + input.pinIsPressed(TouchPin.P1) + " " + input.logoIsPressed())
    basic.pause(280)
})`,
      {
        settings: [
          { key: 'touchP1', value: 1, at: 200 },
          { key: 'touchLogo', value: 1, at: 500 },
          { key: 'touchP1', value: 0, at: 700 },
        ],
        timeMs: 1000,
      },
    );
    // The loop runs at 0, 300, 600, 900.
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual([
      'false false',
      'true false',
      'true true',
      'false true',
    ]);
  });

  it('raises the logo events: touched, released, pressed, and long pressed after a second', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
input.onLogoEvent(TouchButtonEvent.Touched, () => serial.writeValue("touched", control.millis()))
input.onLogoEvent(TouchButtonEvent.Released, () => serial.writeValue("released", control.millis()))
input.onLogoEvent(TouchButtonEvent.Pressed, () => serial.writeValue("pressed", control.millis()))
input.onLogoEvent(TouchButtonEvent.LongPressed, () => serial.writeValue("long pressed", control.millis()))`,
      {
        settings: [
          { key: 'touchLogo', value: 1, at: 500 },
          { key: 'touchLogo', value: 0, at: 800 },
          { key: 'touchLogo', value: 1, at: 2000 },
          { key: 'touchLogo', value: 0, at: 3500 },
        ],
      },
    );
    const events = result.lines.map((l) => l.slice(l.indexOf(' ') + 1));
    expect(events).toEqual([
      'touched:500',
      'released:800',
      'pressed:800',
      'touched:2000',
      'released:3500',
      'long pressed:3500',
    ]);
  });

  it('lets scripted presses touch the logo, and ignores pins that cannot sense touch', () => {
    const t = start(`input.onLogoEvent(TouchButtonEvent.Pressed, () => serial.writeLine("logo"))
input.onPinPressed(105 as TouchPin, () => serial.writeLine("never"))`);
    t.advance(0);
    t.board.tap('LOGO', 50);
    t.board.touch.set(105, true);
    t.advance(100);
    expect(t.board.touch.isTouched(LOGO_ID)).toBe(false);
    expect(t.batches).toEqual(['50 "logo                          \\r\\n"']);
    expect(t.errors).toEqual([]);
  });
});

describe('input sensors', () => {
  it('reads light level (128 by default), temperature and running time, set while running', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
serial.writeNumbers([input.lightLevel(), input.temperature(), input.soundLevel(), input.runningTime()])
basic.pause(1000)
serial.writeNumbers([input.lightLevel(), input.temperature(), input.soundLevel(), input.runningTime()])
serial.writeNumbers([input.runningTimeMicros(), control.micros()])`,
      {
        settings: [
          { key: 'lightLevel', value: 200, at: 100 },
          { key: 'temperature', value: 30.7, at: 0 },
          { key: 'soundLevel', value: 90, at: 500 },
        ],
      },
    );
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual([
      '128,30,0,0',
      '200,30,90,1000',
      '1000000,1000000',
    ]);
  });

  it('raises loud and quiet sounds when the level crosses the thresholds (128 and 64)', () => {
    const result = run(
      `input.onSound(DetectedSound.Loud, () => serial.writeValue("loud", control.millis()))
input.onSound(DetectedSound.Quiet, () => serial.writeValue("quiet", control.millis()))`,
      {
        settings: [
          { key: 'soundLevel', value: 100, at: 100 },
          { key: 'soundLevel', value: 200, at: 300 },
          { key: 'soundLevel', value: 250, at: 500 },
          { key: 'soundLevel', value: 20, at: 700 },
          { key: 'soundLevel', value: 150, at: 900 },
        ],
      },
    );
    expect(result.lines).toEqual(['300 loud:300', '700 quiet:700', '900 loud:900']);
  });

  it('lets the program move the thresholds', () => {
    const result = run(
      `input.setSoundThreshold(SoundThreshold.Loud, 50)
input.setSoundThreshold(SoundThreshold.Quiet, 10)
input.onSound(DetectedSound.Loud, () => serial.writeValue("loud", input.soundLevel()))
input.onSound(DetectedSound.Quiet, () => serial.writeValue("quiet", input.soundLevel()))`,
      {
        settings: [
          { key: 'soundLevel', value: 60, at: 100 },
          { key: 'soundLevel', value: 30, at: 300 },
          { key: 'soundLevel', value: 5, at: 500 },
        ],
      },
    );
    expect(result.lines).toEqual(['100 loud:60', '500 quiet:5']);
  });
});
