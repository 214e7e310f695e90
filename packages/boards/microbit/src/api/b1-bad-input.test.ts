// Learner mistakes in the input, led, images, game, loops, control and pins namespaces: each is
// either harmless (ignored as on the device) or ends the program with a clear error at its line,
// never a crash of the host.
import { describe, expect, it } from 'vitest';
import { run } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));

describe('bad input to the B1 namespaces', () => {
  it('ignores coordinates, pins and enum values that do not exist', () => {
    const result = run(`serial.setWriteLinePadding(0)
led.plot(-1, 10)
led.plot(0/0, 2)
led.plotBrightness(9, 9, 100)
led.setBrightness(0/0)
pins.digitalWritePin(5000 as DigitalPin, 1)
pins.analogWritePin(-3 as AnalogPin, 5)
pins.setPull(DigitalPin.P0, 9 as PinPullMode)
pins.setEvents(DigitalPin.P0, 7 as PinEventType)
pins.onPulsed(DigitalPin.P0, 2 as PulseValue, () => serial.writeLine("never"))
input.onGesture(42 as Gesture, () => serial.writeLine("never"))
input.onLogoEvent(9 as TouchButtonEvent, () => serial.writeLine("never"))
input.onSound(0 as DetectedSound, () => serial.writeLine("never"))
input.setAccelerometerRange(0 as AcceleratorRange)
serial.writeNumbers([pins.digitalReadPin(5000 as DigitalPin), pins.analogReadPin(77 as AnalogPin), input.acceleration(99 as Dimension), led.brightness()])
serial.writeLine("" + input.isGesture(42 as Gesture) + input.pinIsPressed(105 as TouchPin) + led.point(0/0, 0))`);
    expect(result.error).toBeUndefined();
    expect(text(result.lines)).toEqual(['0,0,0,0', 'falsefalsefalse']);
  });

  it('reads odd image literals as best it can', () => {
    const result = run(`serial.setWriteLinePadding(0)
let a = images.createImage("not a picture")
let b = images.createBigImage("#")
serial.writeNumbers([a.width(), b.width(), b.pixelBrightness(0, 0), a.pixelBrightness(-1, 0)])
images.iconImage(999 as IconNames).showImage(0, 0)`);
    expect(result.error).toBeUndefined();
    expect(text(result.lines)).toEqual(['5,10,255,0']);
  });

  it('stops with a clear error at the line of a sprite that is not there', () => {
    const result = run(`let hero = game.createSprite(2, 2)
let enemy: game.LedSprite = game.invalidSprite()
basic.pause(100)
if (hero.isTouching(enemy)) {
    game.addScore(1)
}`);
    expect(result.error?.describe()).toBe('Dereferencing null/undefined value. at line 4');
  });

  it('keeps time moving with a timer of 0 or a negative interval', () => {
    const result = run(
      `let runs = 0
loops.everyInterval(-100, () => { runs += 1 })
basic.pause(500)
serial.writeValue("runs", runs > 10 ? 1 : 0)`,
      { timeMs: 1000 },
    );
    expect(result.error).toBeUndefined();
    expect(text(result.lines)).toEqual(['runs:1']);
  });

  it('returns 0 at once from pulseIn with no time to wait', () => {
    const result = run('serial.writeValue("pulse", pins.pulseIn(DigitalPin.P0, PulseValue.High, -5))');
    expect(result.lines).toEqual(['0 pulse:0']);
  });
});
