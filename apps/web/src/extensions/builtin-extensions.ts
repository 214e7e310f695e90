// Our own extensions (content/extensions/<name>/), bundled with the editor and listed in the
// Extensions dialog as built in. A project adds one as `"<name>": "*"` in pxt.json, as MakeCode
// lists the extensions that ship with the editor. They are a few KB of text.
import { parseProjectConfig, type PackageFetcher, type ProjectFiles } from '@blockyard/core';

const sources = import.meta.glob<string>('../../../../content/extensions/*/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface BuiltinExtension {
  /** The folder and dependency name, e.g. "servo-kit". */
  readonly id: string;
  readonly description: string;
  readonly version: string;
  /** pxt.json and the files it lists (README.md included). */
  readonly files: ProjectFiles;
}

function collect(): BuiltinExtension[] {
  const byFolder = new Map<string, Record<string, string>>();
  for (const [path, text] of Object.entries(sources)) {
    const match = /\/content\/extensions\/([^/]+)\/([^/]+)$/.exec(path);
    if (!match) continue;
    const files = byFolder.get(match[1]!) ?? {};
    files[match[2]!] = text;
    byFolder.set(match[1]!, files);
  }
  const list: BuiltinExtension[] = [];
  for (const [id, files] of byFolder) {
    const configText = files['pxt.json'];
    if (configText === undefined) continue;
    const config = parseProjectConfig(configText, id);
    list.push({ id, description: config.description ?? '', version: config.version ?? '', files });
  }
  return list.sort((a, b) => a.id.localeCompare(b.id));
}

export const BUILTIN_EXTENSIONS: readonly BuiltinExtension[] = collect();

export function builtinExtension(id: string): BuiltinExtension | undefined {
  return BUILTIN_EXTENSIONS.find((extension) => extension.id === id);
}

/**
 * Built-in packages: our own extensions with their files; every other "*" dependency (core,
 * radio, …) is part of the board's library already, so a bare pxt.json stands in for it.
 */
export const builtinFetcher: PackageFetcher = {
  fetch: (source) => {
    if (source.kind !== 'builtin') return Promise.resolve(null);
    const own = builtinExtension(source.id);
    return Promise.resolve(
      own ? own.files : { 'pxt.json': JSON.stringify({ name: source.id, files: [], dependencies: {} }) },
    );
  },
};
