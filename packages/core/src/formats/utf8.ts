/**
 * UTF-8 by the platform's TextEncoder/TextDecoder where it has them (3-7x faster, see the README),
 * by hand where it does not (the CLI's program sandbox), and the modified UTF-8 of LZMA-JS by
 * hand. Encoding replaces lone surrogates with U+FFFD (as TextEncoder does); decoding is strict
 * and returns null on malformed input, because a project file with broken text is broken.
 */
import { platformUtf8Decode, platformUtf8Encode } from './platform-text.ts';

export function encodeUtf8(text: string): Uint8Array {
  return platformUtf8Encode(text) ?? handEncodeUtf8(text);
}

/** The hand-written encoder (exported for the tests and the benchmark that compare the two). */
export function handEncodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
      continue;
    }
    if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[o++] = 0xf0 | (cp >> 18);
        out[o++] = 0x80 | ((cp >> 12) & 0x3f);
        out[o++] = 0x80 | ((cp >> 6) & 0x3f);
        out[o++] = 0x80 | (cp & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
  }
  return out.slice(0, o);
}

/**
 * Java's "modified UTF-8", which LZMA-JS (and so MakeCode) uses for the text it compresses: every
 * UTF-16 code unit is encoded on its own (an emoji becomes two 3-byte surrogates) and U+0000 is
 * C0 80. LZMA-JS cannot decode 4-byte sequences or a zero byte back into a string, so text we
 * compress for MakeCode must be written this way.
 */
export function encodeModifiedUtf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 1 && c < 0x80) {
      out[o++] = c;
    } else if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 0x3f);
    } else {
      out[o++] = 0xe0 | (c >> 12);
      out[o++] = 0x80 | ((c >> 6) & 0x3f);
      out[o++] = 0x80 | (c & 0x3f);
    }
  }
  return out.slice(0, o);
}

export interface Utf8DecodeOptions {
  /** Also accept modified UTF-8 (C0 80 for U+0000, surrogates encoded one by one). */
  modified?: boolean;
}

/**
 * Strict UTF-8 decoding (no overlongs, no surrogates, nothing above U+10FFFF); null when malformed.
 * With `modified`, the two modified-UTF-8 forms are accepted too.
 */
export function decodeUtf8(bytes: Uint8Array, options: Utf8DecodeOptions = {}): string | null {
  const decoded = platformUtf8Decode(bytes);
  // Strict UTF-8 is a subset of modified UTF-8: only what the platform refuses needs the hand path.
  if (decoded !== undefined && (decoded !== null || options.modified !== true)) return decoded;
  return handDecodeUtf8(bytes, options);
}

/** The hand-written decoder (exported for the tests and the benchmark that compare the two). */
export function handDecodeUtf8(bytes: Uint8Array, options: Utf8DecodeOptions = {}): string | null {
  const modified = options.modified === true;
  const units = new Uint16Array(bytes.length);
  let u = 0;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      units[u++] = b0;
      i++;
      continue;
    }
    if (modified && b0 === 0xc0 && bytes[i + 1] === 0x80) {
      units[u++] = 0;
      i += 2;
      continue;
    }
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      const b1 = bytes[i + 1];
      if (b1 === undefined || (b1 & 0xc0) !== 0x80) return null;
      units[u++] = ((b0 & 0x1f) << 6) | (b1 & 0x3f);
      i += 2;
      continue;
    }
    if (b0 >= 0xe0 && b0 <= 0xef) {
      const b1 = bytes[i + 1];
      const b2 = bytes[i + 2];
      if (b1 === undefined || b2 === undefined || (b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return null;
      const cp = ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      if (cp < 0x800 || (!modified && cp >= 0xd800 && cp <= 0xdfff)) return null;
      units[u++] = cp;
      i += 3;
      continue;
    }
    if (b0 >= 0xf0 && b0 <= 0xf4) {
      const b1 = bytes[i + 1];
      const b2 = bytes[i + 2];
      const b3 = bytes[i + 3];
      if (
        b1 === undefined ||
        b2 === undefined ||
        b3 === undefined ||
        (b1 & 0xc0) !== 0x80 ||
        (b2 & 0xc0) !== 0x80 ||
        (b3 & 0xc0) !== 0x80
      ) {
        return null;
      }
      const cp = ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      if (cp < 0x10000 || cp > 0x10ffff) return null;
      const v = cp - 0x10000;
      units[u++] = 0xd800 + (v >> 10);
      units[u++] = 0xdc00 + (v & 0x3ff);
      i += 4;
      continue;
    }
    return null;
  }
  // apply, not spread: spreading a typed array goes through its iterator, 6x slower (seconds for
  // a 16 MB project).
  const parts: string[] = [];
  const chunk = 0x2000;
  for (let k = 0; k < u; k += chunk) {
    parts.push(String.fromCharCode.apply(null, units.subarray(k, Math.min(u, k + chunk)) as unknown as number[]));
  }
  return parts.join('');
}
