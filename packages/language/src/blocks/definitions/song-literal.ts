// The text of a song field: a `hex` tagged template literal exactly as the program writes it
// (hex`0078000408…`). Blocks keep the text itself, so blocks <-> TypeScript round-trips it byte
// for byte, spacing included; the bytes are MakeCode's song buffer (decoded by @blockyard/sound).

/** The song a new "song" block starts with: one empty measure at 120 bpm (MakeCode's default). */
export const EMPTY_SONG_LITERAL = 'hex`00780004080100`';

const SONG_LITERAL = /^hex`([0-9a-fA-F\s]*)`$/;

/** True for hex`…` holding whole bytes (pairs of hex digits, whitespace between pairs). */
export function isSongLiteral(text: string): boolean {
  return songLiteralHex(text) !== undefined;
}

/** The hex digits of a song literal (whitespace removed), or undefined when it is not one. */
export function songLiteralHex(text: string): string | undefined {
  const match = SONG_LITERAL.exec(text.trim());
  if (!match) return undefined;
  const body = match[1]!;
  // Whitespace may separate bytes, never the two digits of one byte.
  if (body.split(/\s+/).some((chunk) => chunk.length % 2 !== 0)) return undefined;
  return body.replace(/\s+/g, '');
}
