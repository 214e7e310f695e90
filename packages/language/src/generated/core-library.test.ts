import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { embeddedLibraries, outputPath, renderLibrary } from '../../../../scripts/lib/embedded-libraries.ts';
import { coreLibraryFiles } from './core-library.ts';

describe('the embedded core library', () => {
  it('is up to date with packages/language/lib (run `node --import tsx scripts/embed-libraries.ts`)', async () => {
    const library = embeddedLibraries.find((l) => l.exportName === 'coreLibraryFiles')!;
    expect(readFileSync(outputPath(library), 'utf8')).toBe(await renderLibrary(library));
  });

  it('type-checks cleanly on its own, without skipLibCheck', () => {
    const files = new Map(coreLibraryFiles.map((f) => [`/${f.name}`, f.text]));
    const host: ts.CompilerHost = {
      getSourceFile: (name) =>
        files.has(name) ? ts.createSourceFile(name, files.get(name)!, ts.ScriptTarget.ES2022) : undefined,
      getDefaultLibFileName: () => '/lib/es.d.ts',
      writeFile: () => undefined,
      getCurrentDirectory: () => '/',
      getCanonicalFileName: (name) => name,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (name) => files.has(name),
      readFile: (name) => files.get(name),
    };
    const program = ts.createProgram(
      [...files.keys()],
      { noLib: true, types: [], target: ts.ScriptTarget.ES2022 },
      host,
    );
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    expect(diagnostics).toEqual([]);
  });
});
