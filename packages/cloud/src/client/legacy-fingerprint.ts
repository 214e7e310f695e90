// The fingerprint sync records held before the hash moved to core's textHash ("length:cyrb53").
// Kept only to compare with records written then: without it every such project would look
// edited here after the upgrade, and one changed on another device meanwhile would become a
// conflict instead of simply coming here.

/** True for a fingerprint in the old "length:hash" format. */
export function isLegacyFingerprint(print: string): boolean {
  return print.includes(':');
}

export function legacyFingerprint(name: string, files: Record<string, string>): string {
  const sorted = Object.keys(files)
    .sort()
    .map((key) => [key, files[key]]);
  return `${JSON.stringify(sorted).length}:${cyrb53(JSON.stringify([name, sorted]))}`;
}

/** cyrb53, the 53-bit string hash the old records used. */
function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
