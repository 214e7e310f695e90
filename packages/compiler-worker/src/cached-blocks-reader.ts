// main.blocks -> BlocksWorkspace for every live-run edit, reusing the stacks that did not change.
// Reading a 1,000-block file with the XML parser takes about 80 ms in the worker, yet an edit
// changes one stack. The file's top-level elements are found with a small scanner; each stack's
// text is the key of its parsed block, and only new texts are parsed (wrapped in the file's own
// root start tag, so namespaces and entities read the same). Anything the scanner is unsure of
// (a prolog, a DOCTYPE, text between elements, a parse failure) falls back to reading the whole
// file with readBlocksXml, which also gives the plain-language error for a bad file.

import { type BlockNode, type BlocksWorkspace, readBlocksXml } from '@blockyard/language';

interface TopLevel {
  /** The root's start tag, e.g. `<xml xmlns="…">`. */
  readonly open: string;
  /** The root's child elements, as text, in order. */
  readonly children: readonly string[];
}

export interface CachedBlocksReader {
  read(this: void, xml: string): BlocksWorkspace;
  /** Stacks parsed by the last read (the rest came from the cache); for tests. */
  readonly lastParsed: number;
}

export function createCachedBlocksReader(): CachedBlocksReader {
  let cache = new Map<string, BlockNode>();
  let parsed = 0;
  const read = (xml: string): BlocksWorkspace => {
    parsed = 0;
    const top = scanTopLevel(xml);
    if (!top) return readBlocksXml(xml);
    try {
      const next = new Map<string, BlockNode>();
      const blocks: BlockNode[] = [];
      const others: string[] = [];
      for (const child of top.children) {
        if (!/^<(block|shadow)[\s/>]/.test(child)) {
          others.push(child);
          continue;
        }
        let block = next.get(child) ?? cache.get(child);
        if (!block) {
          const one = readBlocksXml(`${top.open}${child}</xml>`);
          if (one.blocks.length !== 1 || one.variables.length || one.comments.length || one.extra) {
            return readBlocksXml(xml);
          }
          block = one.blocks[0]!;
          parsed++;
        }
        next.set(child, block);
        blocks.push(block);
      }
      const shell = readBlocksXml(`${top.open}${others.join('')}</xml>`);
      if (shell.blocks.length) return readBlocksXml(xml);
      cache = next;
      const { attributes, variables, comments, extra } = shell;
      return {
        ...(attributes ? { attributes } : {}),
        variables,
        blocks,
        comments,
        ...(extra ? { extra } : {}),
      };
    } catch {
      // The whole file again: its error names the problem the way the learner should see it.
      return readBlocksXml(xml);
    }
  };
  return {
    read,
    get lastParsed() {
      return parsed;
    },
  };
}

/**
 * The root's start tag and its child elements' texts, or undefined when the file is anything but
 * one `<xml …>` element holding elements and white space (then the caller reads it whole).
 */
export function scanTopLevel(xml: string): TopLevel | undefined {
  let i = skipSpace(xml, 0);
  if (!xml.startsWith('<xml', i) || !/[\s>]/.test(xml[i + 4] ?? '')) return undefined;
  const openEnd = tagEnd(xml, i);
  if (openEnd === undefined || xml[openEnd - 2] === '/') return undefined;
  const open = xml.slice(i, openEnd);
  const children: string[] = [];
  i = openEnd;
  for (;;) {
    i = skipSpace(xml, i);
    if (xml.startsWith('</xml', i)) {
      const close = xml.indexOf('>', i);
      if (close < 0 || xml.slice(i + 5, close).trim() !== '') return undefined;
      return skipSpace(xml, close + 1) === xml.length ? { open, children } : undefined;
    }
    if (xml.startsWith('<!--', i)) {
      // Comments between stacks are not part of the model.
      const close = xml.indexOf('-->', i + 4);
      if (close < 0) return undefined;
      i = close + 3;
      continue;
    }
    if (xml[i] !== '<' || !/[A-Za-z_]/.test(xml[i + 1] ?? '')) return undefined;
    const end = elementEnd(xml, i);
    if (end === undefined) return undefined;
    children.push(xml.slice(i, end));
    i = end;
  }
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/** Index just past the `>` of the tag starting at `start` (quoted attribute values skipped). */
function tagEnd(text: string, start: number): number | undefined {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return undefined;
      i = close + 1;
    } else if (c === '>') return i + 1;
    else if (c === '<') return undefined;
    else i++;
  }
  return undefined;
}

/** Index just past the element starting at `start` (its end tag, or `/>`). */
function elementEnd(text: string, start: number): number | undefined {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const next = text.indexOf('<', i);
    if (next < 0) return undefined;
    i = next;
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return undefined;
      i = close + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const close = text.indexOf(']]>', i + 9);
      if (close < 0) return undefined;
      i = close + 3;
    } else if (text[i + 1] === '?' || text[i + 1] === '!') {
      return undefined;
    } else if (text[i + 1] === '/') {
      const close = text.indexOf('>', i);
      if (close < 0) return undefined;
      depth--;
      i = close + 1;
      if (depth === 0) return i;
      if (depth < 0) return undefined;
    } else {
      const end = tagEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      if (text[end - 2] !== '/') depth++;
      else if (depth === 0) return i;
    }
  }
  return undefined;
}
