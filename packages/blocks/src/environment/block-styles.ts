// Blocks are coloured through Blockly block styles rather than raw colours, so switching the
// theme (normal, high contrast) recolours every block at once. One style per distinct colour of
// the environment's definitions, named after the colour, and a second one with a rounded cap for
// event and `on start` blocks (Blockly takes a block's hat from its style).

export function styleName(colour: string, hat = false): string {
  return `by_${normalizeColour(colour).slice(1)}${hat ? '_hat' : ''}`;
}

/** `#abc` and `#AABBCC` -> `#aabbcc`; anything unreadable becomes mid grey. */
export function normalizeColour(colour: string): string {
  const text = colour.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  return '#808080';
}

function parseColour(colour: string): [number, number, number] {
  const hex = normalizeColour(colour);
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function formatColour([r, g, b]: readonly [number, number, number]): string {
  const part = (n: number) =>
    Math.round(Math.max(0, Math.min(255, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mixes a colour towards another: amount 0 keeps it, 1 gives `other`. */
export function mixColour(colour: string, other: string, amount: number): string {
  const a = parseColour(colour);
  const b = parseColour(other);
  return formatColour([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number]);
}

/** WCAG relative luminance (0 black .. 1 white). */
function luminance(colour: string): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseColour(colour);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 .. 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
