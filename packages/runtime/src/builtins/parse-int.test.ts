import { describe, expect, it } from 'vitest';
import { numberToFixed, parseDeviceInt } from './parse-int.ts';
import { numberText } from './value-text.ts';

describe('parseInt as the device reads text', () => {
  it('prints what MakeCode’s V1 image printed in QEMU', () => {
    const cases: [string, number | undefined][] = [
      ['  12abc', undefined],
      ['0x1f', undefined],
      ['0X1F', undefined],
      ['ff', 16],
      ['0x1f', 16],
      ['z', 36],
      ['101', 2],
      ['', undefined],
      [' ', undefined],
      ['-12', undefined],
      ['3.9', undefined],
      ['abc', undefined],
      ['12', 1],
      ['12', 37],
      ['9', 8],
      ['\t\n42', undefined],
      ['0b11', undefined],
      ['-0x10', undefined],
    ];
    expect(cases.map(([text, radix]) => parseDeviceInt(text, radix))).toEqual([
      12,
      31,
      31,
      255,
      31,
      35,
      5,
      NaN,
      NaN,
      -12,
      3,
      NaN,
      NaN,
      NaN,
      NaN,
      42,
      0,
      -16,
    ]);
  });

  it('parts from JavaScript where the device does', () => {
    // A radix of 0 is refused, and a sign or "0x" alone reads as 0 (JavaScript: 12, NaN, NaN).
    expect([parseDeviceInt('12', 0), parseDeviceInt('-'), parseDeviceInt('0x')]).toEqual([NaN, 0, 0]);
    expect(Object.is(parseDeviceInt('-0'), 0)).toBe(true);
    expect(parseDeviceInt(null)).toBeNaN();
  });
});

describe('toFixed as the device computes it', () => {
  const fixed = (n: number, digits?: number) => numberToFixed(n, digits, numberText);

  it('rounds to the nearest, the larger of two, as JavaScript', () => {
    expect([fixed(2.5), fixed(0.5), fixed(-2.5), fixed(1.005, 2), fixed(8.345, 2), fixed(-0.0001, 2)]).toEqual([
      '3',
      '1',
      '-3',
      '1.00',
      '8.35',
      '-0.00',
    ]);
  });

  it('keeps to what doubles give on the device', () => {
    expect(fixed(0.1, 20)).toBe('0.10000000000000000000');
    expect(fixed(123456789012345680, 1)).toBe('123456789012346000.0');
    expect([fixed(1e21, 2), fixed(NaN, 1), fixed(7, 2.7), fixed(7, -1)]).toEqual([
      '1000000000000000000000',
      'NaN',
      '7.00',
      '7',
    ]);
  });
});
