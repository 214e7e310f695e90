// UTF-8 without TextEncoder/TextDecoder, which the pure packages' es2023 lib does not declare.
// Malformed input decodes to U+FFFD instead of throwing.

export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(out);
}

export function decodeUtf8(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      text += String.fromCharCode(b);
      i++;
      continue;
    }
    const extra = b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xc0 && b < 0xe0 ? 1 : -1;
    let code = extra > 0 ? b & (0x3f >> extra) : 0;
    let ok = extra > 0 && i + extra < bytes.length;
    for (let k = 1; ok && k <= extra; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) ok = false;
      code = (code << 6) | (next & 0x3f);
    }
    text += ok ? String.fromCodePoint(code) : '\ufffd';
    i += ok ? extra + 1 : 1;
  }
  return text;
}
