// The block help pages (`/reference/...`): the catalogue made from the board's API by
// reference-script.ts (a Node child process with TypeScript, read once per process), and our
// hand-written pages in content/reference, which extend a generated page or stand alone (the
// built-in blocks: loops, logic, variables, functions). Served as `virtual:blockyard/reference-content`
// by the docs content plugin, which also puts every page into the docs search index.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// Relative, not the package name: the Vite config is bundled and loaded by plain Node.
import type { BlockStack, ReferencePageData } from '../../../packages/docs/src/reference/reference-model.ts';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'reference-script.ts');
const repoRoot = join(here, '..', '..', '..');
const REFERENCE_FOLDER = join(repoRoot, 'content', 'reference');

/** Hand-written help pages are short; a file past this is a mistake. */
const MAX_REFERENCE_FILE_BYTES = 64 * 1024;

export interface ReferenceContent {
  /** Generated from the API, sorted by path. */
  readonly pages: readonly ReferencePageData[];
  /** Hand-written markdown by path (`loops/repeat`). */
  readonly written: Record<string, string>;
  /** The guides' and help pages' `blocks` snippets as block pictures, by `snippetKey(code)`. */
  readonly snippets: Record<string, readonly BlockStack[]>;
}

interface ScriptOutput {
  readonly pages: ReferencePageData[];
  readonly snippets: Record<string, readonly BlockStack[]>;
}

let output: ScriptOutput | undefined;

/** The generated pages, and the pictures of the snippets in content/docs and content/reference. */
function readScriptOutput(): ScriptOutput {
  const docs = join(repoRoot, 'content', 'docs');
  const files = [...referenceFiles(), ...(existsSync(docs) ? referenceFiles(docs) : [])];
  output ??= JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', script, ...files], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as ScriptOutput;
  return output;
}

export function referenceFiles(folder = REFERENCE_FOLDER): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function readWrittenReference(folder = REFERENCE_FOLDER): Record<string, string> {
  const written: Record<string, string> = {};
  for (const file of referenceFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    if (text.length > MAX_REFERENCE_FILE_BYTES)
      throw new Error(`${file} is larger than ${MAX_REFERENCE_FILE_BYTES} bytes`);
    written[
      relative(folder, file)
        .split(sep)
        .join('/')
        .replace(/\.md$/, '')
        .replace(/(^|\/)index$/, '')
    ] = text;
  }
  return written;
}

export function readReferenceContent(): ReferenceContent {
  const { pages, snippets } = readScriptOutput();
  return { pages, written: readWrittenReference(), snippets };
}

/** A generated page as markdown for the search index: its title, words, texts and parameters. */
function referenceSearchText(page: ReferencePageData, written = ''): string {
  const lines = [`# ${page.title}`, '', page.categoryLabel];
  for (const entry of page.entries) {
    lines.push('', entry.doc, '', entry.signature);
    for (const parameter of entry.parameters) lines.push(`- ${parameter.name}: ${parameter.doc}`);
  }
  if (written) lines.push('', written.replace(/^#\s.*$/m, ''));
  return lines.join('\n');
}

/** Every help page for the search index: `/reference/{path}` and its markdown. */
export function referenceSearchPages(content: ReferenceContent): { path: string; markdown: string }[] {
  const generated = new Set(content.pages.map((page) => page.path));
  return [
    ...content.pages.map((page) => ({
      path: `/reference/${page.path}`,
      markdown: referenceSearchText(page, content.written[page.path]),
    })),
    ...Object.entries(content.written)
      .filter(([path]) => !generated.has(path))
      .map(([path, markdown]) => ({ path: path ? `/reference/${path}` : '/reference', markdown })),
  ];
}
