// Which pages a flash writes, and in what order. Partial: only pages whose hash on the board
// differs from the file's; full: every page of the file. The pages that make the board start
// something, the vector table (page 0) and the program's header page, are written last, and when
// anything else is written too they are first spoilt (a word cleared, which flash allows
// without an erase: page 0's reset vector, the header's magic): a flash cut off half-way then leaves a board that refuses to start rather
// than one that runs half a program, and the next flash sees those pages differ and rewrites them.

import { pageHash } from '../target-code/page-hash.ts';
import type { FlashImage } from './flash-image.ts';

export type FlashMode = 'full' | 'partial';

export interface FlashPlan {
  /** Pages to write, in order. */
  pages: number[];
  /** Pages to spoil before writing anything else. */
  spoilFirst: number[];
  /** Pages of the file whose contents are already on the board. */
  unchangedPages: number;
  /** No page differs: nothing is written. */
  unchanged: boolean;
}

/** Runs of consecutive page addresses, for hashing several pages with one call. */
export function pageRuns(addresses: readonly number[], pageSize: number): { start: number; count: number }[] {
  const runs: { start: number; count: number }[] = [];
  for (const address of addresses) {
    const last = runs[runs.length - 1];
    if (last && last.start + last.count * pageSize === address) last.count++;
    else runs.push({ start: address, count: 1 });
  }
  return runs;
}

/** The pages that decide whether the board starts anything: written last, spoilt first. */
export function startPages(image: FlashImage): number[] {
  const pages: number[] = [];
  if (image.program && image.pages.has(image.program.start)) pages.push(image.program.start);
  if (image.pages.has(0)) pages.push(0);
  return pages;
}

export function planFlash(
  image: FlashImage,
  boardHashes: ReadonlyMap<number, readonly [number, number]>,
  mode: FlashMode,
): FlashPlan {
  const changed: number[] = [];
  let unchangedPages = 0;
  for (const [address, page] of image.pages) {
    const onBoard = boardHashes.get(address);
    const [h0, h1] = pageHash(page);
    const same = onBoard !== undefined && onBoard[0] === h0 && onBoard[1] === h1;
    if (same) unchangedPages++;
    if (mode === 'full' || !same) changed.push(address);
  }
  const last = startPages(image).filter((page) => changed.includes(page));
  const rest = changed.filter((page) => !last.includes(page));
  return {
    pages: [...rest, ...last],
    spoilFirst: rest.length > 0 ? last : [],
    unchangedPages,
    unchanged: changed.length === 0,
  };
}
