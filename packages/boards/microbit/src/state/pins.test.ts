import { describe, expect, it } from 'vitest';
import { Pins, pinNumbers } from './pins.ts';

describe('Pins', () => {
  it('knows the usable pins by DigitalPin value or number', () => {
    const pins = new Pins();
    expect(pinNumbers).toHaveLength(19);
    expect(pins.get(100)).toBe(pins.get(0));
    expect(pins.get(117)).toBeUndefined();
  });

  it('reads applied inputs, else the pull resistor', () => {
    const pins = new Pins();
    expect(pins.digitalRead(101)).toBe(0);
    pins.get(1)!.pull = 'up';
    expect(pins.digitalRead(101)).toBe(1);
    expect(pins.analogRead(101)).toBe(1023);
    pins.get(1)!.input = 300;
    expect(pins.digitalRead(101)).toBe(0);
    expect(pins.analogRead(101)).toBe(300);
    expect(pins.digitalRead(999)).toBe(0);
  });
});
