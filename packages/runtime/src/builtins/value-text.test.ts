import { describe, expect, it } from 'vitest';
import { numberText, valueText } from './value-text.ts';

// Every expected text below was printed by MakeCode's own V1 image in QEMU
// (packages/native/test/native/differential/, NATIVE_DIFF_MAKECODE=1).
describe('numberText: numbers as the micro:bit prints them', () => {
  it('keeps whole numbers, small and boxed, as their digits', () => {
    expect(numberText(0)).toBe('0');
    expect(numberText(-0)).toBe('0');
    expect(numberText(-7)).toBe('-7');
    expect(numberText(1073741824)).toBe('1073741824');
    expect(numberText(-1073741825)).toBe('-1073741825');
    expect(numberText(4294967296)).toBe('4294967296');
    expect(numberText(123456789012)).toBe('123456789012');
  });

  it('prints at most 15 significant digits, rounded', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(1 / 3)).toBe('0.33333333333333');
    expect(numberText(100 / 3)).toBe('33.3333333333333');
    expect(numberText(Math.SQRT2)).toBe('1.4142135623731');
    expect(numberText(1 / 7)).toBe('0.14285714285714');
    expect(numberText(5.5 % 2)).toBe('1.5');
    expect(numberText(0.05)).toBe('0.05');
    expect(numberText(0.000001)).toBe('0.000001');
    expect(numberText(123456789012345680)).toBe('123456789012346000');
  });

  it('uses e-notation only below 1e-6 and above 1e21, the device way', () => {
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(-1e21)).toBe('-1000000000000000000000');
    expect(numberText(1e-7)).toBe('1e-7');
    expect(numberText(1.5e-7)).toBe('0.15e-6');
    expect(numberText(1.7976931348623157e308)).toBe('1.79769313486231e+308');
  });

  it('names the special values', () => {
    expect(numberText(NaN)).toBe('NaN');
    expect(numberText(Infinity)).toBe('Infinity');
    expect(numberText(-Infinity)).toBe('-Infinity');
  });

  it("keeps the device's rounding slip just below 10 (a ':' digit)", () => {
    expect(numberText(9.999999999999998)).toBe(':');
  });
});

describe('valueText', () => {
  it('prints null, undefined, booleans by name and a list as an object', () => {
    expect([null, undefined, true, false, 'x'].map(valueText)).toEqual(['null', 'undefined', 'true', 'false', 'x']);
    expect(valueText([1, 2])).toBe('[Object]');
    expect(valueText(0.1 + 0.2)).toBe('0.3');
  });
});
