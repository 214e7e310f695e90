// The device firmware images next to the app: pxt-microbit's `built/hexcache/*.hex` (installed by
// npm, never committed) become `firmware/<template hash>.hex` in the build, with their licence
// notice as `firmware/NOTICE.md`; the dev server serves the same paths. The page fetches them
// lazily when the learner downloads (@blockyard/platform's FetchFirmwareLoader).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const FIRMWARE_FOLDER = 'firmware';
// A path, not a URL object: the web tests run under happy-dom, whose URL Node's helpers refuse.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const NOTICE = join(repoRoot, 'packages', 'native', 'FIRMWARE-NOTICE.md');

function firmwareDirectory(): string {
  const manifest = createRequire(join(repoRoot, 'packages', 'native', 'package.json')).resolve(
    'pxt-microbit/package.json',
  );
  return join(dirname(manifest), 'built', 'hexcache');
}

/** File name -> absolute path of every image, and the notice. */
function firmwareFiles(): Map<string, string> {
  const dir = firmwareDirectory();
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) if (/^[0-9a-f]{64}\.hex$/.test(name)) files.set(name, join(dir, name));
  files.set('NOTICE.md', NOTICE);
  return files;
}

export function firmwarePlugin(): Plugin {
  return {
    name: 'blockyard-firmware',
    generateBundle() {
      for (const [name, path] of firmwareFiles()) {
        this.emitFile({ type: 'asset', fileName: `${FIRMWARE_FOLDER}/${name}`, source: readFileSync(path) });
      }
    },
    configureServer(server) {
      const files = firmwareFiles();
      server.middlewares.use((req, res, next) => {
        const match = /^\/firmware\/([^/?#]+)/.exec(req.url ?? '');
        const path = match ? files.get(match[1]!) : undefined;
        if (!path) return next();
        res.setHeader(
          'Content-Type',
          path.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=us-ascii',
        );
        res.end(readFileSync(path));
      });
    },
  };
}
