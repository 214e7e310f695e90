import { describe, expect, it } from 'vitest';
import { constrain, createMathApi, mapRange, randomRange, roundWithPrecision } from './math.ts';
import { SeededRandom } from './random.ts';

describe('Math built-ins', () => {
  it('draws integers in [min, max] inclusive, in either order, repeatably', () => {
    const random = new SeededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const n = randomRange(random, 5, 1);
      expect(Number.isInteger(n)).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
    const a = new SeededRandom(3);
    const b = new SeededRandom(3);
    expect([a.next(), a.next()]).toEqual([b.next(), b.next()]);
  });

  it('draws floats when an end is fractional, and returns min when both ends agree', () => {
    const random = new SeededRandom(1);
    const n = randomRange(random, 0, 0.5);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThan(0.5);
    expect(randomRange(random, 4, 4)).toBe(4);
  });

  // MakeCode's V1 image in QEMU printed "7 7 NaN NaN" (divergences-in-qemu.test.ts).
  it('keeps a NaN in max and min only where it wins the comparison, as the device does', () => {
    const math = createMathApi(new SeededRandom(1));
    expect([math.max(NaN, 7), math.min(NaN, 7), math.max(7, NaN), math.min(7, NaN)]).toEqual([7, 7, NaN, NaN]);
    expect([math.max(1, 5, 3), math.min(4, -2, 9), math.max()]).toEqual([5, -2, -Infinity]);
  });

  it('maps, constrains, divides and rounds like MakeCode', () => {
    expect(mapRange(512, 0, 1023, 0, 4)).toBeCloseTo(2.0019, 3);
    expect(mapRange(5, 0, 10, 100, 0)).toBe(50);
    expect(constrain(-3, 0, 10)).toBe(0);
    expect(constrain(30, 0, 10)).toBe(10);
    expect(constrain(7, 0, 10)).toBe(7);
    const math = createMathApi(new SeededRandom(1));
    expect(math.idiv(7, 2)).toBe(3);
    expect(math.idiv(-7, 2)).toBe(-3);
    expect(math.idiv(1, 0)).toBe(0);
    // The device's floor(x + 0.5) (MakeCode's V1 image in QEMU printed these).
    expect([math.round(0.49999999999999994), math.round(-0.5), math.round(2.5), math.round(-2.5)]).toEqual([
      1, 0, 3, -2,
    ]);
    expect(roundWithPrecision(3.14159, 2)).toBe(3.14);
    expect(roundWithPrecision(2.5, 0)).toBe(3);
    // As the device's Math.round (floor(x + 0.5)): JavaScript's Math.round gives 0 here.
    expect(roundWithPrecision(0.49999999999999994, 0)).toBe(1);
    expect(roundWithPrecision(-2.5, 0)).toBe(-2);
    expect(roundWithPrecision(7.77, NaN)).toBe(8);
    expect(math.abs(-2)).toBe(2);
    expect(typeof math.randomBoolean()).toBe('boolean');
    const r = math.random();
    expect(r >= 0 && r < 1).toBe(true);
  });
});
