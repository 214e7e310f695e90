// The `Math` learners' programs see: JavaScript's functions plus MakeCode's additions (idiv,
// map, constrain, randomRange…), with `random` drawn from the run's seeded generator.

import type { SeededRandom } from './random.ts';

/** An integer in [min, max] when both ends are integers, else a float in [min, max). */
export function randomRange(random: SeededRandom, min: number, max: number): number {
  if (min === max) return min;
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  if (Number.isInteger(low) && Number.isInteger(high)) return low + Math.floor(random.next() * (high - low + 1));
  return low + random.next() * (high - low);
}

export function mapRange(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number {
  return ((value - fromLow) * (toHigh - toLow)) / (fromHigh - fromLow) + toLow;
}

export function constrain(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/**
 * Rounds to `digits` decimal places (what showNumber displays), rounding as the device's
 * Math.round does (floor(x + 0.5), as `round` below), so the board's library gives the same.
 */
export function roundWithPrecision(value: number, digits: number): number {
  const places = Math.max(0, Math.trunc(digits) || 0);
  if (places === 0) return Math.floor(value + 0.5);
  const factor = Math.pow(10, places);
  return Math.floor(value * factor + 0.5) / factor;
}

export function createMathApi(random: SeededRandom) {
  const native = Math;
  return {
    E: native.E,
    LN2: native.LN2,
    LN10: native.LN10,
    LOG2E: native.LOG2E,
    LOG10E: native.LOG10E,
    PI: native.PI,
    SQRT1_2: native.SQRT1_2,
    SQRT2: native.SQRT2,
    abs: native.abs,
    acos: native.acos,
    asin: native.asin,
    atan: native.atan,
    atan2: native.atan2,
    ceil: native.ceil,
    cos: native.cos,
    exp: native.exp,
    floor: native.floor,
    log: native.log,
    // As the device compares (MakeCode's V1 image in QEMU): a NaN is kept only where it wins a
    // plain comparison, so max(NaN, 7) is 7 but max(7, NaN) is NaN (JavaScript: NaN for both).
    max: (...values: number[]): number =>
      values.length === 0 ? native.max() : values.reduce((best, v) => (best > v ? best : v)),
    min: (...values: number[]): number =>
      values.length === 0 ? native.min() : values.reduce((best, v) => (best < v ? best : v)),
    pow: native.pow,
    // The device rounds as floor(x + 0.5): 0.49999999999999994 gives 1 there (JavaScript: 0).
    round: (x: number): number => native.floor(x + 0.5),
    sign: native.sign,
    sin: native.sin,
    sqrt: native.sqrt,
    tan: native.tan,
    trunc: native.trunc,
    imul: native.imul,
    random: (): number => random.next(),
    idiv: (x: number, y: number): number => ((x | 0) / (y | 0)) | 0,
    randomRange: (min: number, max: number): number => randomRange(random, min, max),
    randomBoolean: (): boolean => random.next() < 0.5,
    map: mapRange,
    constrain,
    roundWithPrecision,
    // The math constant block's function (MakeCode's Math._constant): the constant itself.
    _constant: (value: number): number => value,
  };
}
