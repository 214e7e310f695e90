import { describe, expect, it } from 'vitest';
import { detectUsage } from './program-usage.ts';

describe('detectUsage', () => {
  it('finds sensor reads anywhere in the program, handlers included', () => {
    const js = [
      'input.onButtonPressed(1, function* () {',
      '  (yield* basic.showNumber(input.lightLevel()));',
      '});',
      'serial.writeValue("t", input.temperature());',
    ].join('\n');
    const usage = detectUsage(js);
    expect(usage.lightLevel).toBe(true);
    expect(usage.temperature).toBe(true);
    expect(usage.serial).toBe(true);
    expect(usage.compass).toBe(false);
    expect(usage.accelerometer).toBe(false);
  });

  it('treats gestures, acceleration and rotation as the accelerometer', () => {
    expect(detectUsage('input.onGesture(11, h);').accelerometer).toBe(true);
    expect(detectUsage('x = input.acceleration(0);').accelerometer).toBe(true);
    expect(detectUsage('x = input.rotation(1);').accelerometer).toBe(true);
  });

  it('sees radio, logo, pin touches, sound level, compass and music', () => {
    const usage = detectUsage(
      'radio.sendNumber(1); input.onLogoEvent(3, h); input.onPinPressed(100, h); input.soundLevel(); input.compassHeading(); music.playTone(262, 100);',
    );
    expect(usage).toMatchObject({
      radio: true,
      logo: true,
      pinTouch: true,
      soundLevel: true,
      compass: true,
      sound: true,
    });
  });

  it('offers pin levels to programs that read the edge pins', () => {
    expect(detectUsage('x = pins.analogReadPin(100);').pinRead).toBe(true);
    expect(detectUsage('pins.onPulsed(101, 1, h);').pinRead).toBe(true);
    expect(detectUsage('pins.digitalWritePin(100, 1);')).toMatchObject({ pins: true, pinRead: false });
  });

  it('shows the A+B button only for programs that use Button.AB (3)', () => {
    expect(detectUsage('input.onButtonPressed(3, function* () {});').buttonAB).toBe(true);
    expect(detectUsage('x = input.buttonIsPressed(3);').buttonAB).toBe(true);
    expect(detectUsage('input.onButtonPressed(1, h); input.onButtonPressed(30, h);').buttonAB).toBe(false);
  });

  it('does not match names that merely contain the word', () => {
    const usage = detectUsage('myinput.lightLevel(); const radioactive = 1; notserial.x();');
    expect(usage.lightLevel).toBe(false);
    expect(usage.radio).toBe(false);
    expect(usage.serial).toBe(false);
  });
});
