/** Base64 (RFC 4648, with padding) for data URLs, by the platform's btoa/atob. */
import { platformBase64Decode, platformBase64Encode } from './platform-text.ts';

const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function encodeBase64(bytes: Uint8Array): string {
  return platformBase64Encode(bytes);
}

/** Strict decoding: null for characters outside the alphabet or bad padding. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !STRICT_BASE64.test(text)) return null;
  return platformBase64Decode(text);
}

/** Length in characters of `data:<mime>;base64,<payload>` for a payload of `byteLength` bytes. */
export function dataUrlLength(mimeType: string, byteLength: number): number {
  return `data:${mimeType};base64,`.length + Math.ceil(byteLength / 3) * 4;
}
