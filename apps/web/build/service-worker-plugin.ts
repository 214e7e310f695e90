// Writes the app's service worker, `sw.js`, once the build's files are on disk: the list of files
// to keep for offline use (src/offline/offline-plan.ts picks them), their size, a version hashed
// from their names and contents (a new build keeps its files in a new cache), and the offline
// page's words in every language. The worker itself is src/offline/service-worker.ts, bundled
// here on its own (one classic script, nothing shared with the app's chunks).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import type { OfflinePageTexts, OfflinePageTextsByLanguage } from '../src/offline/offline-page.ts';
import { offlinePaths, SERVICE_WORKER_PATH, type OfflineManifest } from '../src/offline/offline-plan.ts';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const workerEntry = join(webRoot, 'src', 'offline', 'service-worker.ts');
const localesDir = join(webRoot, 'src', 'i18n', 'locales');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** What the built folder `outDir` keeps for offline use, and its version. */
export function offlineManifest(outDir: string): OfflineManifest {
  const paths = offlinePaths(filesUnder(outDir));
  const hash = createHash('sha256');
  let bytes = 0;
  for (const path of paths) {
    const file = join(outDir, path.slice(1));
    bytes += statSync(file).size;
    hash.update(`${path}\n`);
    hash.update(readFileSync(file));
  }
  return { version: hash.digest('hex').slice(0, 16), paths, bytes };
}

/** The `offlinePage` words of every translation, English where a language lacks one. */
export function offlinePageTexts(dir = localesDir): OfflinePageTextsByLanguage {
  const read = (code: string): Partial<OfflinePageTexts> => {
    const json = JSON.parse(readFileSync(join(dir, code, 'translation.json'), 'utf8')) as {
      offlinePage?: Partial<OfflinePageTexts>;
    };
    return json.offlinePage ?? {};
  };
  const english = read('en') as OfflinePageTexts;
  const texts: Record<string, OfflinePageTexts> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) texts[entry.name] = { ...english, ...read(entry.name) };
  }
  return texts;
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'blockyard-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After every file (the public folder's too) is written.
    async closeBundle() {
      const data = { manifest: offlineManifest(outDir), texts: offlinePageTexts() };
      const result = await build({
        entryPoints: [workerEntry],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: { __BLOCKYARD_OFFLINE__: JSON.stringify(data) },
        logLevel: 'warning',
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('The service worker did not build');
      writeFileSync(join(outDir, SERVICE_WORKER_PATH.slice(1)), code);
    },
  };
}
