// `virtual:blockyard/docs-content`: our guides (content/docs), read at build time (or dev server,
// or test run): every page's markdown by its address, the SUMMARY table of contents, and the
// MiniSearch index of all pages (and of the block help pages, build/reference-content.ts) built
// here once, so the browser only loads it. The same plugin serves the block help pages.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, not the package name: the Vite config is bundled and loaded by plain Node.
import { buildDocsSearchIndex } from '../../../packages/docs/src/search-index.ts';
import {
  readReferenceContent,
  referenceFiles,
  referenceSearchPages,
  type ReferenceContent,
} from './reference-content.ts';

const DOCS_CONTENT_MODULE = 'virtual:blockyard/docs-content';
const REFERENCE_CONTENT_MODULE = 'virtual:blockyard/reference-content';
const resolvedId = `\0${DOCS_CONTENT_MODULE}`;
const resolvedReferenceId = `\0${REFERENCE_CONTENT_MODULE}`;
// A path, not a URL object: the web tests run under happy-dom, whose URL Node's helpers refuse.
export const DOCS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'content', 'docs');

/** Guides are small; a file past this is a mistake, and is refused rather than shipped. */
const MAX_DOCS_FILE_BYTES = 256 * 1024;

export interface DocsContent {
  readonly summary: string;
  /** Markdown by address: "/docs" for index.md, "/docs/a/b" for a/b.md. */
  readonly pages: Record<string, string>;
  /** The source file of each page, relative to content/docs (for "Edit this page"). */
  readonly files: Record<string, string>;
  readonly searchIndex: string;
}

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The address of a file under content/docs. */
export function docsAddress(file: string, folder = DOCS_FOLDER): string {
  const name = relative(folder, file).split(sep).join('/').replace(/\.md$/, '');
  return name === 'index' ? '/docs' : `/docs/${name.replace(/\/index$/, '')}`;
}

/** The guides, with the block help pages in the same search index. */
export function readDocsContent(
  folder = DOCS_FOLDER,
  reference: ReferenceContent = readReferenceContent(),
): DocsContent {
  let summary = '';
  const pages: Record<string, string> = {};
  const files: Record<string, string> = {};
  for (const file of markdownFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    if (text.length > MAX_DOCS_FILE_BYTES) throw new Error(`${file} is larger than ${MAX_DOCS_FILE_BYTES} bytes`);
    if (relative(folder, file) === 'SUMMARY.md') summary = text;
    else {
      pages[docsAddress(file, folder)] = text;
      files[docsAddress(file, folder)] = relative(folder, file).split(sep).join('/');
    }
  }
  const searchIndex = buildDocsSearchIndex([
    ...Object.entries(pages).map(([path, markdown]) => ({ path, markdown })),
    ...referenceSearchPages(reference),
  ]);
  return { summary, pages, files, searchIndex };
}

export function docsContentPlugin(): Plugin {
  return {
    name: 'blockyard-docs-content',
    resolveId(id) {
      if (id === DOCS_CONTENT_MODULE) return resolvedId;
      return id === REFERENCE_CONTENT_MODULE ? resolvedReferenceId : undefined;
    },
    load(id) {
      if (id !== resolvedId && id !== resolvedReferenceId) return undefined;
      for (const file of [...markdownFiles(DOCS_FOLDER), ...referenceFiles()]) this.addWatchFile(file);
      if (id === resolvedReferenceId) {
        return `export const referenceContent = JSON.parse(${JSON.stringify(JSON.stringify(readReferenceContent()))});\n`;
      }
      return `export const docsContent = JSON.parse(${JSON.stringify(JSON.stringify(readDocsContent()))});\n`;
    },
  };
}
