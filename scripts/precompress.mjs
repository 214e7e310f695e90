// Writes .br and .gz twins next to every compressible file of a built web app, so the server can
// send compressed bytes without compressing per request (@fastify/static's preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// .hex: the device firmware images (apps/web/build/firmware-plugin.ts), about 4x smaller compressed.
const compressible = /\.(js|mjs|css|html|svg|json|wasm|txt|map|xml|hex)$/;

export function precompress(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      files += precompress(path);
      continue;
    }
    if (!compressible.test(entry.name) || statSync(path).size < 1024) continue;
    const body = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    files++;
  }
  return files;
}
