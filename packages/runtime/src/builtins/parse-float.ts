// `parseFloat` as the micro:bit reads text (what MakeCode's V1 image printed in QEMU, and the
// firmware's String_::toNumber): white space before the number is skipped; then an optional
// "+", an optional "-", digits with at most one ".", and an exponent after "e"; text after the
// number is ignored. Text with no digit before other characters is NaN ("abc", "e5",
// "Infinity"), but text with nothing after the sign or dot is 0 ("", " ", "-", "."), and a result
// too big or too small for a normal double is NaN ("1e400"). JavaScript differs on all of these.

const SPACE = /^[ \t\n\v\f\r]*/;

/** The exponent as C's strtol reads it: spaces, a sign, digits; 0 when there are none. */
function exponentOf(text: string): number {
  const match = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

export function parseDeviceNumber(input: unknown): number {
  const text = String(input).replace(SPACE, '');
  let at = 0;
  let scale = 1;
  if (text[at] === '+') at++;
  if (text[at] === '-') {
    scale = -1;
    at++;
  }
  let value = 0;
  let dot = false;
  let digits = false;
  for (; at < text.length; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit >= 0 && digit <= 9) {
      // Each digit after the dot divides the scale by ten, as the device does (not one division).
      value = value * 10 + digit;
      if (dot) scale /= 10;
      digits = true;
    } else if (!dot && text[at] === '.') dot = true;
    else if (!digits) return NaN;
    else break;
  }
  let result = value * scale;
  if (text[at] === 'e' || text[at] === 'E') result *= 10 ** exponentOf(text.slice(at + 1));
  if (result === 0) return result;
  const magnitude = Math.abs(result);
  return Number.isFinite(magnitude) && magnitude >= 2.2250738585072014e-308 ? result : NaN;
}
