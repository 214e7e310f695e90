// The docs table of contents, read from a SUMMARY.md file: a nested markdown list of links
// (name, path, subitems). remark parses the list so we never hand-parse markdown.
import type { List, ListItem, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export interface TocEntry {
  readonly name: string;
  /** The page's path (e.g. "/docs/blocks/loops"), or "" for a heading without a page. */
  readonly path: string;
  readonly subitems: readonly TocEntry[];
}

/** Caps against hostile input: a SUMMARY is a few hundred entries at most. */
export const MAX_SUMMARY_CHARS = 200_000;
export const MAX_TOC_DEPTH = 8;

/** Parses a SUMMARY.md; entries outside lists are ignored, over-long input is cut at the cap. */
export function parseSummary(markdown: string): TocEntry[] {
  const tree: Root = unified().use(remarkParse).parse(markdown.slice(0, MAX_SUMMARY_CHARS));
  const entries: TocEntry[] = [];
  for (const node of tree.children) if (node.type === 'list') entries.push(...readList(node, 1));
  return entries;
}

function readList(list: List, depth: number): TocEntry[] {
  return list.children.map((item) => readItem(item, depth));
}

function readItem(item: ListItem, depth: number): TocEntry {
  let name = '';
  let path = '';
  const subitems: TocEntry[] = [];
  for (const child of item.children) {
    if (child.type === 'paragraph' && !name) {
      const link = child.children.find((c) => c.type === 'link');
      name = toString(link ?? child).trim();
      path = link?.type === 'link' ? link.url : '';
    } else if (child.type === 'list' && depth < MAX_TOC_DEPTH) {
      subitems.push(...readList(child, depth + 1));
    }
  }
  return { name, path, subitems };
}

/** The chain of entries from the top down to the one whose path is `path` (empty if absent). */
export function tocTrail(toc: readonly TocEntry[], path: string): TocEntry[] {
  for (const entry of toc) {
    if (entry.path === path) return [entry];
    const below = tocTrail(entry.subitems, path);
    if (below.length) return [entry, ...below];
  }
  return [];
}
