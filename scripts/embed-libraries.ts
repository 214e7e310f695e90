// Regenerates the library modules from their declaration files:
//   node --import tsx scripts/embed-libraries.ts
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { embeddedLibraries, outputPath, renderLibrary } from './lib/embedded-libraries.ts';

for (const library of embeddedLibraries) {
  const path = outputPath(library);
  const text = await renderLibrary(library);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${relative(process.cwd(), path)}`);
}
