// The library modules generated from declaration files (see
// packages/language/src/embed/render-embedded-module.ts): which folder becomes which module.
// Used by scripts/embed-libraries.ts (writes) and by each package's staleness test (compares).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { renderEmbeddedModule } from '../../packages/language/src/embed/render-embedded-module.ts';

const root = join(import.meta.dirname, '..', '..');

export interface EmbeddedLibrary {
  /** Folder of .d.ts files, relative to the repository root. */
  sourceDir: string;
  /** Prefix of each file's library name, e.g. `microbit/`. */
  namePrefix: string;
  /** Files whose values are the engine's own globals; all others come from the host. */
  nativeFiles: readonly string[];
  output: string;
  exportName: string;
  typeImport: string;
}

export const embeddedLibraries: readonly EmbeddedLibrary[] = [
  {
    sourceDir: 'packages/language/lib',
    namePrefix: 'lib/',
    nativeFiles: ['es.d.ts'],
    output: 'packages/language/src/generated/core-library.ts',
    exportName: 'coreLibraryFiles',
    typeImport: '../compiler/library.ts',
  },
  {
    sourceDir: 'packages/boards/microbit/api',
    namePrefix: 'microbit/',
    nativeFiles: [],
    output: 'packages/boards/microbit/src/generated/api-library.ts',
    exportName: 'microbitLibraryFiles',
    typeImport: '@blockyard/language',
  },
];

export function outputPath(library: EmbeddedLibrary): string {
  return join(root, library.output);
}

/** The module text that should be committed for `library`, formatted as Prettier would. */
export async function renderLibrary(library: EmbeddedLibrary): Promise<string> {
  const dir = join(root, library.sourceDir);
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.d.ts'))
        .sort()
    : [];
  const text = renderEmbeddedModule({
    exportName: library.exportName,
    typeImport: library.typeImport,
    sourceDir: library.sourceDir,
    files: names.map((name) => ({
      name: library.namePrefix + name,
      text: readFileSync(join(dir, name), 'utf8'),
      provides: library.nativeFiles.includes(name) ? 'native' : 'host',
    })),
  });
  const path = outputPath(library);
  const config = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...config, filepath: path });
}
