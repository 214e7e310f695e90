// Full-text search over the docs pages with MiniSearch. The index is built once at build time
// (the web app's docs-content plugin) from the pages' plain text and shipped as JSON; the page
// loads it and searches it as the learner types.
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import MiniSearch, { type Options } from 'minisearch';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { MAX_PAGE_CHARS } from './check-page.ts';

export interface DocsPageSource {
  /** The page's address, e.g. "/docs/getting-started". */
  readonly path: string;
  readonly markdown: string;
}

export interface DocsSearchHit {
  readonly path: string;
  readonly title: string;
}

interface IndexedPage {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** Both sides must agree on these, so they live here once. */
const options: Options<IndexedPage> = {
  fields: ['title', 'text'],
  storeFields: ['title'],
  searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
};

/** Queries longer than this are cut: a search box is for a few words. */
export const MAX_QUERY_CHARS = 200;

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown.slice(0, MAX_PAGE_CHARS));
}

/** The page's title: its first level-1 heading, else the last part of its path. */
export function docsPageTitle(markdown: string, path = ''): string {
  const heading = parse(markdown).children.find((n) => n.type === 'heading' && n.depth === 1);
  const title = heading ? toString(heading).trim() : '';
  return title || path.split('/').filter(Boolean).pop() || '';
}

/** Plain text of a page for the index: code and macro headings included, markup removed. */
export function docsPlainText(markdown: string): string {
  // Every piece of text on its own, so words of neighbouring blocks never run together.
  const parts: string[] = [];
  visit(parse(markdown), (node) => {
    if ('value' in node && typeof node.value === 'string' && node.type !== 'html') parts.push(node.value);
    else if (node.type === 'image' && node.alt) parts.push(node.alt);
  });
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Builds the index and returns it as JSON text, ready to embed in the built app. */
export function buildDocsSearchIndex(pages: readonly DocsPageSource[]): string {
  const search = new MiniSearch<IndexedPage>(options);
  search.addAll(
    pages.map((page) => ({
      id: page.path,
      title: docsPageTitle(page.markdown, page.path),
      text: docsPlainText(page.markdown),
    })),
  );
  return JSON.stringify(search);
}

/** A loaded index: `search(query)` gives the best pages first. */
export interface DocsSearch {
  search(query: string, limit?: number): DocsSearchHit[];
}

export function loadDocsSearchIndex(json: string): DocsSearch {
  const index = MiniSearch.loadJSON<IndexedPage>(json, options);
  return {
    search(query, limit = 10) {
      const words = query.slice(0, MAX_QUERY_CHARS).trim();
      if (!words) return [];
      return index
        .search(words)
        .slice(0, limit)
        .map((hit) => ({ path: String(hit.id), title: String(hit['title'] ?? hit.id) }));
    },
  };
}
