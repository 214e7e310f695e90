// Test support: the micro:bit's API declarations (packages/boards/microbit/api) as the compiler's
// host library, read once, for tests that compile real micro:bit programs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LibraryFile } from '../src/compiler/library.ts';

const apiDir = join(import.meta.dirname, '..', '..', 'boards', 'microbit', 'api');

export const microbitLibrary: readonly LibraryFile[] = readdirSync(apiDir)
  .filter((name) => name.endsWith('.d.ts'))
  .sort()
  .map((name) => ({
    name: `microbit/${name}`,
    text: readFileSync(join(apiDir, name), 'utf8'),
    provides: 'host' as const,
  }));
