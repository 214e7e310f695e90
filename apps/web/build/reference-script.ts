// Prints the block help catalogue (`@blockyard/docs`' buildReferenceCatalogue over the board's API
// metadata, with Python signatures and examples) and the pictures of our guides' `blocks` snippets
// as JSON, for build/reference-content.ts. Run by Node with tsx, like api-metadata-script.ts, so
// TypeScript is loaded at build time only. The snippet files come as arguments.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import {
  buildReferenceCatalogue,
  MAX_SNIPPET_CHARS,
  snippetKey,
  workspacePictures,
  type BlockStack,
} from '@blockyard/docs';
import {
  apiPythonName,
  coreLibraryFiles,
  createBlockRegistry,
  createCompiler,
  pythonNames,
  readApiMetadata,
  snakeCase,
  typeScriptToBlocks,
  typeScriptToPython,
} from '@blockyard/language';
import { microbitLibraryFiles } from '@blockyard/board-microbit';

const library = [...coreLibraryFiles, ...microbitLibraryFiles];
const meta = readApiMetadata(ts, library);
const names = pythonNames(ts, microbitLibraryFiles);

const pages = buildReferenceCatalogue(meta, {
  python: {
    functionName: (fn) => apiPythonName(names, fn),
    parameterName: snakeCase,
  },
  toPython: (code) => {
    const result = typeScriptToPython(ts, code, names);
    return result.diagnostics.length ? undefined : result.code.trimEnd();
  },
});

/** `blocks` snippets drawn as blocks; one with grey (code) blocks stays code. */
const snippets: Record<string, BlockStack[]> = {};
const registry = createBlockRegistry({ metadata: meta });
const compiler = createCompiler({ ts, library: microbitLibraryFiles });
for (const file of process.argv.slice(2)) {
  for (const match of readFileSync(file, 'utf8').matchAll(/^```blocks[^\S\n]*\n([\s\S]*?)^```/gm)) {
    const key = snippetKey(match[1] ?? '');
    if (!key || key.length > MAX_SNIPPET_CHARS || Object.hasOwn(snippets, key)) continue;
    const result = typeScriptToBlocks(key, { ts, registry, compiler });
    if (result.greyBlocks === 0) snippets[key] = workspacePictures(registry, result.workspace.blocks);
  }
}
process.stdout.write(JSON.stringify({ pages, snippets }));
