import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from './bytes.ts';

/** SHA-256 of bytes, as lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return toHex(sha256(bytes));
}

export function sha256Bytes(bytes: Uint8Array): Uint8Array {
  return sha256(bytes);
}
