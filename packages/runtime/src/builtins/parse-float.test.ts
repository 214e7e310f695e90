import { describe, expect, it } from 'vitest';
import { parseDeviceNumber } from './parse-float.ts';

describe('parseFloat as the device reads text', () => {
  // What MakeCode's V1 image printed in QEMU for each input (divergences-in-qemu.test.ts).
  it('gives what MakeCode’s device gave', () => {
    const inputs = ['', ' ', '-', '.', '+5', '.5', '5.', '1e', 'Infinity', '-Infinity', '1,5', '\t3', 'e5'];
    const more = ['  ', '0', '1e400', '00012', '3.14abc', '\n', '3.5', '  12', '1e3', 'abc', '-0.25', '0x10', '7up'];
    expect([...inputs, ...more].map(parseDeviceNumber)).toEqual([
      0,
      0,
      -0,
      0,
      5,
      0.5,
      5,
      1,
      NaN,
      NaN,
      1,
      3,
      NaN,
      0,
      0,
      NaN,
      12,
      3.14,
      0,
      3.5,
      12,
      1000,
      NaN,
      -0.25,
      0,
      7,
    ]);
  });

  it('reads exponents and signs', () => {
    expect(parseDeviceNumber('2.5e-3')).toBeCloseTo(0.0025, 15);
    expect(parseDeviceNumber('-1E2')).toBe(-100);
    // Too small for a normal double: NaN; so small that it is 0: 0.
    expect(parseDeviceNumber('1e-310')).toBeNaN();
    expect(parseDeviceNumber('1e-400')).toBe(0);
  });
});
