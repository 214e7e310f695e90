// Renders library texts as a TypeScript module, so declaration files reach the compiler as
// strings in every host (Node, Web Worker, bundlers) without file access or loader plugins.
// `scripts/embed-libraries.ts` writes the modules; a test per package fails when one is stale.

interface EmbeddedFile {
  name: string;
  text: string;
  provides: 'host' | 'native';
}

export interface EmbeddedModuleOptions {
  exportName: string;
  files: readonly EmbeddedFile[];
  /** Where the module imports the LibraryFile type from. */
  typeImport: string;
  /** Shown in the header: where the texts come from. */
  sourceDir: string;
}

export function renderEmbeddedModule(options: EmbeddedModuleOptions): string {
  const entries = options.files
    .map(
      (file) =>
        `  { name: ${JSON.stringify(file.name)}, provides: '${file.provides}', text: ${JSON.stringify(file.text)} },`,
    )
    .join('\n');
  return [
    `// Generated from ${options.sourceDir} by \`node --import tsx scripts/embed-libraries.ts\`. Do not edit:`,
    '// a test fails when this file is stale.',
    `import type { LibraryFile } from '${options.typeImport}';`,
    '',
    `export const ${options.exportName}: readonly LibraryFile[] = [`,
    entries,
    '];',
    '',
  ].join('\n');
}
