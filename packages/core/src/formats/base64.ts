/**
 * Base64 (RFC 4648, with padding) for data URLs: by the platform (Uint8Array.toBase64/fromBase64,
 * or btoa to encode) where it has it, by hand where it does not (the CLI's program sandbox).
 */
import { platformBase64Decode, platformBase64Encode } from './platform-text.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  return platformBase64Encode(bytes) ?? handEncodeBase64(bytes);
}

/** The hand-written encoder (exported for the tests and the benchmark that compare the two). */
export function handEncodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let line = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    line += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
    if (line.length >= 0x4000) {
      parts.push(line);
      line = '';
    }
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    line += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    line += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + '=';
  }
  parts.push(line);
  return parts.join('');
}

const PLATFORM_DECODES = platformBase64Decode('') !== undefined;
const STRICT = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict decoding: null for characters outside the alphabet or bad padding. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!PLATFORM_DECODES) return handDecodeBase64(text);
  // Uint8Array.fromBase64 forgives spaces and missing padding: the text is checked first.
  if (text.length % 4 !== 0 || !STRICT.test(text)) return null;
  return platformBase64Decode(text) ?? handDecodeBase64(text);
}

/** The hand-written decoder (exported for the tests and the benchmark that compare the two). */
export function handDecodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const c = text.charCodeAt(i + k);
      const isPad = c === 61 && i + k >= text.length - padding;
      const d = isPad ? 0 : c < 128 ? LOOKUP[c]! : -1;
      if (d < 0) return null;
      v = (v << 6) | d;
    }
    if (o < out.length) out[o++] = (v >> 16) & 0xff;
    if (o < out.length) out[o++] = (v >> 8) & 0xff;
    if (o < out.length) out[o++] = v & 0xff;
  }
  return out;
}

/** Length in characters of `data:<mime>;base64,<payload>` for a payload of `byteLength` bytes. */
export function dataUrlLength(mimeType: string, byteLength: number): number {
  return `data:${mimeType};base64,`.length + Math.ceil(byteLength / 3) * 4;
}
