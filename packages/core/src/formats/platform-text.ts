// The platform's text codecs where the code runs has them, found on globalThis at call time:
// TextEncoder/TextDecoder, and base64 as Uint8Array.fromBase64/toBase64 (a JavaScript built-in
// in new engines) or btoa. Browsers, workers and Node have them; the CLI's program sandbox
// (a V8 context holding only JavaScript's own built-ins) may not, and nothing from the host realm
// is ever handed into it, so every caller keeps its hand-written fallback for that case.
// Pure sources type-check against lib es2023, which declares none of these: hence the few
// members typed here. Figures: packages/core/README.md ("Text codecs").

interface Utf8Decoder {
  decode(bytes: Uint8Array): string;
}

interface PlatformGlobals {
  TextEncoder?: new () => { encode(text: string): Uint8Array };
  TextDecoder?: new (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => Utf8Decoder;
  btoa?: (binary: string) => string;
}

interface Base64Uint8Array {
  toBase64?: (this: Uint8Array) => string;
}

interface Base64Uint8ArrayConstructor {
  fromBase64?: (text: string) => Uint8Array;
}

const platform = globalThis as unknown as PlatformGlobals;

let encoder: { encode(text: string): Uint8Array } | null | undefined;
let strictDecoder: Utf8Decoder | null | undefined;

/** TextEncoder's encode, or undefined where the platform has none. */
export function platformUtf8Encode(text: string): Uint8Array | undefined {
  encoder ??= platform.TextEncoder ? new platform.TextEncoder() : null;
  return encoder?.encode(text);
}

/**
 * Strict decoding (a leading byte-order mark stays text): the string, null when malformed, or
 * undefined where the platform has no TextDecoder.
 */
export function platformUtf8Decode(bytes: Uint8Array): string | null | undefined {
  strictDecoder ??= platform.TextDecoder ? new platform.TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) : null;
  if (!strictDecoder) return undefined;
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Each byte as one UTF-16 unit, in chunks (apply with a huge array overflows the stack). */
function binaryString(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]));
  }
  return parts.join('');
}

/** Padded base64 of `bytes`, or undefined where the platform has no base64. */
export function platformBase64Encode(bytes: Uint8Array): string | undefined {
  const toBase64 = (bytes as Base64Uint8Array).toBase64;
  if (toBase64) return toBase64.call(bytes);
  return platform.btoa ? platform.btoa(binaryString(bytes)) : undefined;
}

/**
 * The bytes of base64 text the caller already checked (alphabet, padding, length), or undefined
 * where the engine has no Uint8Array.fromBase64. Not atob: atob plus the byte copy measured 5x
 * slower than our hand-written decoder (README, "Text codecs").
 */
export function platformBase64Decode(text: string): Uint8Array | undefined {
  const fromBase64 = (Uint8Array as unknown as Base64Uint8ArrayConstructor).fromBase64;
  return fromBase64 ? fromBase64(text) : undefined;
}
