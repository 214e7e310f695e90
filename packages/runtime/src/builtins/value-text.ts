// Values as text the way the micro:bit prints them (MakeCode's device runtime, seen in QEMU): a
// whole number in the small-integer range as its digits; any other number with at most 15
// significant digits, rounded, trailing zeros dropped ("0.3" for 0.1 + 0.2, "0.33333333333333"
// for 1 / 3); e-notation only below 1e-6 or above 1e21 ("1e-7", "1.5e+22"); null, undefined,
// true and false by name. JavaScript's own String(n) would print up to 17 digits ("0.30000000000000004").
// The steps below follow the device's arithmetic (its powers of ten by repeated squaring, its
// truncating log10, its rounding by adding one half) so that even the odd cases print alike.

const DIGITS = 15;
const INT_MIN = -(2 ** 30);
const INT_MAX = 2 ** 30 - 1;

/** 10 to the power `n` by repeated squaring, as the device's compiler builtin computes it. */
function powerOfTen(n: number): number {
  let base = 10;
  let e = Math.abs(n);
  let result = 1;
  for (;;) {
    if (e & 1) result *= base;
    e >>= 1;
    if (e === 0) break;
    base *= base;
  }
  return n < 0 ? 1 / result : result;
}

/** A finite, non-zero magnitude's digits, dot and exponent. */
function magnitudeText(magnitude: number): string {
  let d = magnitude;
  let pw = Math.trunc(Math.log10(d));
  let exponent: number | undefined;
  if (d < 1e-6 || d > 1e21) {
    d = pw < 0 ? d * powerOfTen(-pw) : d / powerOfTen(pw);
    exponent = pw;
    pw = 0;
  }
  const dotAfter = pw + 1;
  let trailingZeros = 0;
  let digits: number;
  if (pw >= DIGITS) {
    trailingZeros = pw - DIGITS + 1;
    digits = Math.trunc(d / powerOfTen(trailingZeros) + 0.5);
  } else {
    digits = Math.trunc(d * powerOfTen(DIGITS - pw - 1) + 0.5);
  }
  // Only for the tiniest numbers (their power of ten overflows), where the device never ends.
  if (!Number.isFinite(digits) || !Number.isFinite(d)) return String(magnitude);
  let text = dotAfter < 1 ? '0.' + '0'.repeat(-dotAfter) : '';
  for (let i = DIGITS - 1; i >= 0; i--) {
    const unit = 10 ** i;
    // Counted, not divided: a rounding that reached 10^15 shows as the character after '9'.
    let digit = 0;
    while (digits >= unit) {
      digits -= unit;
      digit++;
    }
    text += String.fromCharCode(48 + digit);
    const written = DIGITS - i;
    if (digits === 0 && written >= dotAfter) break;
    if (written === dotAfter) text += '.';
  }
  text += '0'.repeat(trailingZeros);
  if (exponent !== undefined) text += 'e' + (exponent > 0 ? '+' : '') + exponent;
  return text;
}

/** A number as the micro:bit prints it. */
export function numberText(n: number): string {
  if (Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX) return String(n === 0 ? 0 : n);
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n < 0 ? '-' + magnitudeText(-n) : magnitudeText(n);
}

/** Any value as the micro:bit prints it when it is joined into text (a list: "[Object]"). */
export function valueText(value: unknown): string {
  if (typeof value === 'number') return numberText(value);
  return Array.isArray(value) ? '[Object]' : String(value);
}
