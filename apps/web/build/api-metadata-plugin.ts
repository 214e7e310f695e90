// `virtual:blockyard/api-metadata`: the board's API metadata, read once per build (or dev server,
// or test run) by a Node child process with TypeScript, and shipped as JSON to the page (blocks,
// toolbox) and the compiler worker (blocks <-> code), so both use the same definitions and neither
// has to parse the library in the browser. Always current: nothing generated is committed.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const API_METADATA_MODULE = 'virtual:blockyard/api-metadata';
const resolvedId = `\0${API_METADATA_MODULE}`;
const script = fileURLToPath(new URL('./api-metadata-script.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// One read per process: the page build and the worker build share it.
let json: string | undefined;

function readMetadata(): string {
  json ??= execFileSync(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return json;
}

export function apiMetadataPlugin(): Plugin {
  return {
    name: 'blockyard-api-metadata',
    resolveId(id) {
      return id === API_METADATA_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      // JSON.parse of a string literal loads faster than the same object as a literal.
      return `export const apiMetadata = JSON.parse(${JSON.stringify(readMetadata())});\n`;
    },
  };
}
