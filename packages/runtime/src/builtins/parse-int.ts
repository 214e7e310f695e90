// `parseInt` and `toFixed` as the micro:bit runs them, so the simulator and the device agree.
//
// parseInt follows what MakeCode's own V1 image printed in QEMU (its parseInt is library code on
// the device, and ours, packages/native device-library-text.ts, does the same): white space
// (JavaScript's list: tab, line tab, form feed, space, no-break space, byte order mark, new
// lines) is skipped, then one sign, then "0x"/"0X" when the radix is 16 or not given, then digits
// of the radix. JavaScript differs in three places: a radix of 0 (or any outside 2..36) gives
// NaN, not base 10; text with a sign or "0x" and nothing after it is 0 ("-" is -0), not NaN; the
// value is summed digit by digit in doubles (past 2^53 the last digits can differ from
// JavaScript's exactly rounded ones).

const WHITE_SPACE = new Set([0x09, 0x0b, 0x0c, 0x20, 0xa0, 0xfeff, 0x0a, 0x0d, 0x2028, 0x2029]);

export function parseDeviceInt(input: string | null | undefined, radix?: number): number {
  const text = String(input ?? '');
  if (text.length === 0 || (radix !== undefined && radix !== null && (radix < 2 || radix > 36))) return NaN;
  let at = 0;
  while (at < text.length && WHITE_SPACE.has(text.charCodeAt(at))) at++;
  if (at === text.length) return NaN;
  let sign = 1;
  if (text[at] === '-') sign = -1;
  if (text[at] === '-' || text[at] === '+') at++;
  let base = radix;
  if ((!base || base === 16) && text[at] === '0' && (text[at + 1] === 'x' || text[at + 1] === 'X')) {
    base = 16;
    at += 2;
  } else if (!base) {
    base = 10;
  }
  let value = 0;
  for (let i = at; i < text.length; i++) {
    // Or-ing 0x20 folds capitals to small letters (and leaves the digits as they are).
    const code = text.charCodeAt(i) | 0x20;
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : 99;
    if (digit >= base) {
      if (i === at) return NaN;
      break;
    }
    value = value * base + digit;
  }
  // "-0" is 0, as on the device (its -1 * 0 is a whole number).
  return value === 0 ? 0 : sign * value;
}

/**
 * `n.toFixed(digits)` as the device's library computes it: JavaScript's digits (the nearest, the
 * larger of two) with these limits, where JavaScript needs more than doubles give: digits are cut
 * to a whole number in 0..20 (JavaScript stops the program outside 0..100; the device cannot),
 * past 15 decimals zeros follow, and numbers from 2^53 up print their whole part as the device
 * prints numbers (`numberText`: 15 significant digits), as do NaN, the infinities and 1e21 up.
 */
export function numberToFixed(n: number, digits: number | undefined, numberText: (n: number) => string): string {
  const places = Math.min(Math.max(Math.trunc(digits ?? 0) || 0, 0), 20);
  const zeros = '0'.repeat(Math.max(places - 15, 0));
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return numberText(n);
  if (Math.abs(n) >= 2 ** 53) return `${numberText(n)}${places > 0 ? `.${'0'.repeat(places)}` : ''}`;
  return n.toFixed(Math.min(places, 15)) + zeros;
}
