// Language built-ins that the runtime provides (not the engine's own globals): `Math`, with a
// seeded `random` and MakeCode's additions, and `randint`. The `//%` lines describe the Math
// blocks in MakeCode's annotation format.

/**
 * Numbers: arithmetic helpers, rounding, random numbers, trigonometry.
 */
//% color=#9400D3 weight=70 icon="\uf1ec" block="Math"
declare namespace Math {
  // The constants share one block, a dropdown of their names (MakeCode's math constant block).
  //% blockIdentity="Math._constant" block="π"
  const PI: number;
  //% blockIdentity="Math._constant" block="e"
  const E: number;
  //% blockIdentity="Math._constant" block="ln(2)"
  const LN2: number;
  //% blockIdentity="Math._constant" block="ln(10)"
  const LN10: number;
  //% blockIdentity="Math._constant" block="log₂(e)"
  const LOG2E: number;
  //% blockIdentity="Math._constant" block="log₁₀(e)"
  const LOG10E: number;
  //% blockIdentity="Math._constant" block="√½"
  const SQRT1_2: number;
  //% blockIdentity="Math._constant" block="√2"
  const SQRT2: number;

  /** A math constant chosen by name: π, e, √2, ... The block stands for the constant itself. */
  //% shim=TD_ID block="$MEMBER" constantShim help=math/constant weight=0
  function _constant(MEMBER: number): number;

  /** The distance of `x` from zero: abs(-3) is 3. */
  //% blockId=math_op3 block="absolute of %x" help=math/abs weight=60
  function abs(x: number): number;
  /** The smaller of the numbers. */
  //% blockId=math_op2 block="min of %x|and %y" help=math/min weight=59
  function min(...values: number[]): number;
  /** The larger of the numbers. */
  //% blockId=math_op2 block="max of %x|and %y" help=math/max weight=58
  function max(...values: number[]): number;
  /** `x` rounded to the nearest whole number. */
  //% blockId=math_js_round block="%op|%x" help=math/round weight=57
  function round(x: number): number;
  //% blockId=math_js_round block="%op|%x" help=math/ceil
  function ceil(x: number): number;
  //% blockId=math_js_round block="%op|%x" help=math/floor
  function floor(x: number): number;
  //% blockId=math_js_round block="%op|%x" help=math/trunc
  function trunc(x: number): number;
  /** The square root of `x`. */
  //% blockId=math_js_op block="%op|%x" help=math/sqrt weight=56
  function sqrt(x: number): number;
  function pow(x: number, y: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function sin(x: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function cos(x: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function tan(x: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function asin(x: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function acos(x: number): number;
  //% blockId=math_js_op block="%op|%x" help=math/trigonometry
  function atan(x: number): number;
  //% help=math/trigonometry
  function atan2(y: number, x: number): number;
  function log(x: number): number;
  function exp(x: number): number;
  function sign(x: number): number;
  /** 32-bit integer multiplication. */
  function imul(x: number, y: number): number;
  /** Whole-number division, dropping the remainder: idiv(7, 2) is 3. */
  //% help=math/idiv
  function idiv(x: number, y: number): number;
  /** A number from 0 up to (not including) 1. */
  //% help=math/random
  function random(): number;
  /** A random number between `min` and `max`, both included; whole when both ends are whole. */
  //% blockId="device_random_deprecated" block="pick random %min|to %limit" help=math/random-range deprecated=true
  function randomRange(min: number, max: number): number;
  /** true or false, at random. */
  //% blockId=logic_random block="pick random true or false" help=math/random-boolean weight=5
  function randomBoolean(): boolean;
  /**
   * Re-maps `value` from one range to another: map(5, 0, 10, 0, 100) is 50.
   * @param value the number to map, eg: 0
   * @param fromLow the low end of the value's range, eg: 0
   * @param fromHigh the high end of the value's range, eg: 1023
   * @param toLow the low end of the target range, eg: 0
   * @param toHigh the high end of the target range, eg: 4
   */
  //% blockId=math_map block="map %value|from low %fromLow|high %fromHigh|to low %toLow|high %toHigh"
  //% help=math/map inlineInputMode=inline weight=10
  function map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number;
  /** `value` kept between `low` and `high`. */
  //% blockId=math_constrain_value block="constrain %value|between %low|and %high" help=math/constrain weight=11
  function constrain(value: number, low: number, high: number): number;
  /** `value` rounded to `digits` decimal places. */
  function roundWithPrecision(value: number, digits: number): number;
}

/**
 * A random whole number between `min` and `max`, both included.
 * @param min the smallest number it may pick, eg: 0
 * @param max the largest number it may pick, eg: 10
 */
//% blockId="device_random" block="pick random %min|to %limit" blockNamespace="Math" help=math/randint weight=70
declare function randint(min: number, max: number): number;
