/** Characters of a script id after its underscore (spec 001 §5: `_` + 12 letters or digits). */
export const SCRIPT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SCRIPT_ID_LENGTH = 12;

/** Only ids we publish: `_` and 12 letters or digits (core's isScriptId also accepts MakeCode's S ids). */
export function isPublishedScriptId(text: string): boolean {
  return /^_[A-Za-z0-9]{12}$/.test(text);
}

/**
 * A script id from random bytes (at least 12). Each byte picks a letter by rejection, so every
 * character is equally likely; returns null when the bytes ran out (call again with fresh ones).
 */
export function scriptIdFromBytes(bytes: Uint8Array): string | null {
  let id = '_';
  // 248 is the largest multiple of 62 below 256: bytes from 248 up would favour early letters.
  for (const byte of bytes) {
    if (byte >= 248) continue;
    id += SCRIPT_ID_ALPHABET[byte % SCRIPT_ID_ALPHABET.length];
    if (id.length === SCRIPT_ID_LENGTH + 1) return id;
  }
  return null;
}
