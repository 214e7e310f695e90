// Compressed copies of the text answers the content routes send (translations, docs markdown).
// The English translations alone are 61 KB of JSON, asked for by every home page on its start;
// Brotli makes them about a quarter of that, which on a school network is time the editor's own
// files get instead. Each text is compressed once per ETag and kept (a few, most recent first),
// so a class loading the same file costs one compression.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type TextEncoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;
/** How many compressed texts are kept (by ETag and encoding). */
const KEPT = 32;

/** Which encoding to send for an Accept-Encoding header: Brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): TextEncoding | undefined {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

export class CompressedTexts {
  private readonly kept = new Map<string, Buffer>();

  /** The text compressed with `encoding`, or undefined when too small to gain. */
  get(text: string, etag: string, encoding: TextEncoding): Buffer | undefined {
    if (Buffer.byteLength(text) < MIN_BYTES) return undefined;
    const key = `${encoding} ${etag}`;
    let body = this.kept.get(key);
    if (body) {
      this.kept.delete(key);
    } else {
      body =
        encoding === 'br'
          ? brotliCompressSync(text, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                // Quality 9: nearly the size of 11 at a fraction of its time (about 3 ms for 61 KB).
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
              },
            })
          : gzipSync(text);
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(key, body);
    return body;
  }
}
