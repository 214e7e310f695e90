// Guides and block help (issue 14): how long our markdown takes to become a page, and the search
// index to build, each against a baseline in the same rounds so a loaded machine cancels out.
// - Page render: every guide and written help page (content/) through react-markdown with the
//   guides' plugins (gfm, MakeCode macros, slugs, highlighting; not the web app's block
//   references, which bench may not import) to an HTML string,
//   against the same text through bare react-markdown (`pageRenderToBareMarkdownRatio`).
// - Search index: `buildDocsSearchIndex` over the same pages, against only taking the
//   plain text out of the same pages, which the index build does first (`indexBuildToPlainTextRatio`).
// The browser's part (React committing the page, the lazily loaded chunk) is not in here.
import { buildDocsSearchIndex, docsPlainText, remarkDocsMacros } from '@blockyard/docs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import Markdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const runs = 15;
const warmups = 5;

// Our markdown as written (the generated help pages are data, not markdown, and not in here).
const content = join(import.meta.dirname, '..', '..', 'content');
const searchPages = ['docs', 'reference'].flatMap((folder) =>
  readdirSync(join(content, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !/^(SUMMARY|README)\.md$/.test(entry.name))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: file.slice(content.length), markdown: readFileSync(file, 'utf8') };
    }),
);
const markdownPages = searchPages.map((page) => page.markdown);

const highlight = { aliases: { typescript: ['blocks', 'sig', 'ts'] }, detect: false };
const docsPlugins = {
  remarkPlugins: [remarkGfm, remarkDocsMacros],
  rehypePlugins: [rehypeSlug, [rehypeHighlight, highlight]],
} as never;

const render = (text: string, plugins: object) => renderToString(createElement(Markdown, plugins, text));
const renderAll = (plugins: object) => {
  const started = performance.now();
  for (const text of markdownPages) render(text, plugins);
  return performance.now() - started;
};

function indexBuild(): { index: number; plain: number } {
  let started = performance.now();
  for (const page of searchPages) docsPlainText(page.markdown);
  const plain = performance.now() - started;
  started = performance.now();
  buildDocsSearchIndex(searchPages);
  return { index: performance.now() - started, plain };
}

for (let run = 0; run < warmups; run++) {
  renderAll(docsPlugins);
  renderAll({});
  indexBuild();
}

const pageMs: number[] = [];
const bareMs: number[] = [];
const renderRatio: number[] = [];
const indexMs: number[] = [];
const plainMs: number[] = [];
const indexRatio: number[] = [];
for (let run = 0; run < runs; run++) {
  // Alternate the order so neither side always runs on a warmer cache.
  const first = run % 2 === 0;
  const bareBefore = first ? renderAll({}) : 0;
  const page = renderAll(docsPlugins);
  const bare = first ? bareBefore : renderAll({});
  pageMs.push(page / markdownPages.length);
  bareMs.push(bare / markdownPages.length);
  renderRatio.push(page / bare);
  const { index, plain } = indexBuild();
  indexMs.push(index);
  plainMs.push(plain);
  indexRatio.push(index / plain);
}

const metrics: Record<string, Summary> = {
  pages: summarize([markdownPages.length]),
  searchPages: summarize([searchPages.length]),
  pageRenderMs: summarize(pageMs),
  bareMarkdownRenderMs: summarize(bareMs),
  pageRenderToBareMarkdownRatio: summarize(renderRatio),
  searchIndexBuildMs: summarize(indexMs),
  plainTextMs: summarize(plainMs),
  indexBuildToPlainTextRatio: summarize(indexRatio),
};
const path = writeResult({
  name: 'docs-render',
  description:
    'guides and written help pages rendered with the docs plugins (per page) vs bare react-markdown; the docs search index build vs plain-text extraction of the same pages',
  metrics,
  targets: { pageRenderMs: 'a docs page interactive in under 300 ms warm (issue 14; this is its markdown part)' },
});
console.log(JSON.stringify(metrics, null, 2));
console.log(`wrote ${path}`);
