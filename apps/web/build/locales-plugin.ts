// The interface's translation files next to the app as `locales/<lang>/<file>.json`, so the
// server's `GET /api/translations` (spec 000 §7) can answer them with an ETag, and a page picks
// up corrected strings without a new build of its scripts. The bundle keeps its own copies for
// static hosting and offline use.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const LOCALES_FOLDER = 'locales';
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'locales');

/** `<lang>/<file>.json` -> absolute path of every translation file. */
function localeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const lang of readdirSync(localesDir, { withFileTypes: true })) {
    if (!lang.isDirectory()) continue;
    for (const name of readdirSync(join(localesDir, lang.name))) {
      if (name.endsWith('.json')) files.set(`${lang.name}/${name}`, join(localesDir, lang.name, name));
    }
  }
  return files;
}

export function localesPlugin(): Plugin {
  return {
    name: 'blockyard-locales',
    generateBundle() {
      for (const [name, path] of localeFiles()) {
        this.emitFile({ type: 'asset', fileName: `${LOCALES_FOLDER}/${name}`, source: readFileSync(path, 'utf8') });
      }
    },
  };
}
