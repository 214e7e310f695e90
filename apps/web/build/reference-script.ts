// Prints the block help catalogue (`@blockyard/docs`' buildReferenceCatalogue over the board's API
// metadata, with Python signatures and examples) as JSON, for build/reference-content.ts. Run by
// Node with tsx, like api-metadata-script.ts, so TypeScript is loaded at build time only.
import ts from 'typescript';
import { buildReferenceCatalogue } from '@blockyard/docs';
import { coreLibraryFiles, pythonNames, readApiMetadata, snakeCase, typeScriptToPython } from '@blockyard/language';
import { microbitLibraryFiles } from '@blockyard/board-microbit';

const library = [...coreLibraryFiles, ...microbitLibraryFiles];
const meta = readApiMetadata(ts, library);
const names = pythonNames(ts, microbitLibraryFiles);

const pages = buildReferenceCatalogue(meta, {
  python: {
    functionName: (fn) =>
      (fn.kind === 'function' ? names.qualifiedToPython(fn.qName) : names.memberToPython(fn.name)) ??
      (fn.kind === 'function' ? fn.qName.replace(/[^.]+$/, snakeCase(fn.name)) : snakeCase(fn.name)),
    parameterName: snakeCase,
  },
  toPython: (code) => {
    const result = typeScriptToPython(ts, code, names);
    return result.diagnostics.length ? undefined : result.code.trimEnd();
  },
});
process.stdout.write(JSON.stringify(pages));
