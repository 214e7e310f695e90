// What a tutorial's snippets are as blocks (spec 000 §3 "tutorial info"): every block the
// tutorial uses (a `@flyoutOnly` tutorial offers only these), the blocks each step adds (their
// categories are highlighted in the toolbox), and each snippet's blocks. Working it out decompiles
// every snippet in the compiler worker, so the result is kept in the TutorialInfoCache (hash of
// the code, 24 hours) and reused when the tutorial opens again.

import type { BlockCounts, TutorialInfo, TutorialInfoCache, TutorialParseResult } from '@blockyard/core';
import { type BlockNode, readBlocksXml } from '@blockyard/language';

/** Decompiles TypeScript to blocks XML (the compiler worker's `toBlocks`). */
export type ToBlocks = (code: string) => Promise<string>;

/** Fences whose code is blocks in a step (ghost and template are hidden from the step text). */
const STEP_CODE = new Set(['blocks', 'typescript', 'ts', 'spy', 'ghost']);
const FENCE = /^(`{3,}|~{3,})[ \t]*([\w.-]*)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** The code of the block snippets of one step's markdown, in order. */
export function stepSnippets(markdown: string): string[] {
  const found: string[] = [];
  for (const match of markdown.matchAll(FENCE)) {
    if (STEP_CODE.has((match[2] ?? '').toLowerCase())) found.push((match[3] ?? '').replace(/\n$/, ''));
  }
  return found;
}

/** The parse result's TypeScript snippets (`{`…`}` wrapped) unwrapped; Python ones are skipped. */
export function typeScriptSnippets(code: readonly string[]): string[] {
  return code.filter((c) => c.startsWith('{\n') && c.endsWith('\n}')).map((c) => c.slice(2, -2));
}

/**
 * Real blocks (not shadows) by type, nested ones and the stacks under them included. An empty
 * "on start" is left out: the decompiler adds one to every snippet.
 */
export function countBlocks(blocks: readonly BlockNode[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const visit = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      if (!b.shadow) counts[b.type] = (counts[b.type] ?? 0) + 1;
      for (const input of b.inputs) visit(input.block);
    }
  };
  for (const block of blocks) {
    const empty = block.type === 'pxt-on-start' && !block.inputs.some((i) => i.block) && !block.next;
    if (!empty) visit(block);
  }
  return counts;
}

function sum(all: readonly BlockCounts[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const counts of all) for (const [type, n] of Object.entries(counts)) out[type] = (out[type] ?? 0) + n;
  return out;
}

/** What a step adds to the step before it with code: types whose count went up. */
function added(now: BlockCounts, before: BlockCounts | undefined): Record<string, number> {
  if (!before) return { ...now };
  const out: Record<string, number> = {};
  for (const [type, n] of Object.entries(now)) if (n > (before[type] ?? 0)) out[type] = n - (before[type] ?? 0);
  // A step that only rearranges still points at its blocks.
  return Object.keys(out).length ? out : { ...now };
}

export async function computeTutorialInfo(tutorial: TutorialParseResult, toBlocks: ToBlocks): Promise<TutorialInfo> {
  const snippets: Record<string, BlockCounts> = {};
  const blocksOf = async (code: string): Promise<BlockCounts> => {
    const known = snippets[code];
    if (known) return known;
    let counts: BlockCounts = {};
    try {
      counts = countBlocks(readBlocksXml(await toBlocks(code)).blocks);
    } catch {
      // A snippet that does not decompile offers no blocks; the tutorial still plays.
    }
    snippets[code] = counts;
    return counts;
  };
  const all: BlockCounts[] = [];
  for (const code of typeScriptSnippets(tutorial.code)) all.push(await blocksOf(code));
  const highlightBlocks: Record<string, BlockCounts> = {};
  let before: BlockCounts | undefined;
  for (const [index, step] of tutorial.steps.entries()) {
    const codes = stepSnippets(step.contentMd);
    if (!codes.length) continue;
    const counts = sum(await Promise.all(codes.map(blocksOf)));
    highlightBlocks[String(index)] = added(counts, before);
    all.push(counts);
    before = counts;
  }
  return { snippets, blocks: sum(all), highlightBlocks, validateBlocks: {} };
}

/** The tutorial info from the cache when it is still good, else worked out and kept. */
export async function tutorialInfo(
  id: string,
  tutorial: TutorialParseResult,
  toBlocks: ToBlocks,
  cache: TutorialInfoCache,
): Promise<TutorialInfo> {
  const cached = cache.get(id, tutorial.code);
  if (cached) return cached;
  const info = await computeTutorialInfo(tutorial, toBlocks);
  cache.set(id, tutorial.code, info);
  return info;
}

/**
 * The blocks of a tutorial's `blockconfig` fences (TypeScript, decompiled): one toolbox block per
 * statement, out of the "on start" the decompiler puts loose statements in.
 */
export async function blockConfigBlocks(md: string | undefined, toBlocks: ToBlocks): Promise<BlockNode[]> {
  if (!md?.trim()) return [];
  let top: readonly BlockNode[];
  try {
    top = readBlocksXml(await toBlocks(md)).blocks;
  } catch {
    return [];
  }
  const out: BlockNode[] = [];
  for (const block of top) {
    const chain = block.type === 'pxt-on-start' ? block.inputs.find((i) => i.kind === 'statement')?.block : block;
    for (let b = chain; b; b = b.next) {
      const { next: _next, x: _x, y: _y, ...alone } = b;
      out.push(alone);
    }
  }
  return out;
}
