// Stacks of a big program far from the view are not built when the file loads: they wait as XML
// (what Blockly would read) and as the file's own model (what saving writes while they wait), and
// are added to the workspace when the view comes near them or when something needs every block.
// Why: building and drawing a block is Blockly's cost per block (1,000 blocks took about 1 s of
// main thread on a quiet machine, profiled: block init, `initSvg`, shadows, render), and a learner
// looks at a few dozen stacks at a time. The workspace keeps its true size meanwhile: its bounding
// box (scrollbars, zoom to fit, scroll to centre) includes the waiting stacks' estimated boxes.
import type * as Blockly from 'blockly/core';
import { writeBlocksXml, type BlockNode } from '@blockyard/language';
import { type Box, isOffscreen } from './offscreen-stacks.ts';

/** One top-level stack of the file not on the workspace yet. */
export interface WaitingStack {
  /** The stack as Blockly reads it (what `appendStacks` adds). */
  readonly element: Element;
  /** The stack as in the file: saving writes it while it waits. */
  readonly node: BlockNode;
  /** Its top-left corner in workspace units (the file's x and y, as the load places it). */
  readonly x: number;
  readonly y: number;
  /** Its blocks, shadows included (its estimated size grows with them). */
  readonly blocks: number;
  /** Whether saving may write `node` as it is (see `writesBack`); otherwise add it before saving. */
  readonly exact: boolean;
}

/** How far around the view stacks are built: one view's size on each side (scrolling finds them drawn). */
const NEAR_MARGIN = 1;

/** A drawn stack's size per block, to guess a waiting stack's box from its block count. */
export interface StackScale {
  readonly width: number;
  readonly heightPerBlock: number;
}

/** Before anything is drawn: generous (a guess too large only builds a stack sooner). */
const DEFAULT_SCALE: StackScale = { width: 600, heightPerBlock: 60 };

/**
 * The largest width and height per block of the stacks on the workspace (the program's own
 * shapes), so a waiting stack's guessed box covers it rather than falls short.
 */
export function measureScale(workspace: Blockly.WorkspaceSvg): StackScale {
  let width = 0;
  let heightPerBlock = 0;
  for (const top of workspace.getTopBlocks(false)) {
    const box = top.getBoundingRectangle();
    width = Math.max(width, box.right - box.left);
    heightPerBlock = Math.max(heightPerBlock, (box.bottom - box.top) / top.getDescendants(false).length);
  }
  if (!(width > 0 && heightPerBlock > 0)) return DEFAULT_SCALE;
  return { width: width * 1.25, heightPerBlock: heightPerBlock * 1.25 };
}

export function estimatedBox(stack: WaitingStack, scale: StackScale): Box {
  return {
    left: stack.x,
    top: stack.y,
    right: stack.x + scale.width,
    bottom: stack.y + Math.max(1, stack.blocks) * scale.heightPerBlock,
  };
}

/** Whether a waiting stack's guessed box comes within `margin` views of `view` (workspace units). */
export function isNear(stack: WaitingStack, scale: StackScale, view: Box, margin = NEAR_MARGIN): boolean {
  return !isOffscreen(estimatedBox(stack, scale), view, margin);
}

/** The smallest box holding all of `boxes` (undefined for none). */
export function unionBox(boxes: Iterable<Box>): Box | undefined {
  let union: { left: number; top: number; right: number; bottom: number } | undefined;
  for (const box of boxes) {
    if (!union) union = { ...box };
    else {
      union.left = Math.min(union.left, box.left);
      union.top = Math.min(union.top, box.top);
      union.right = Math.max(union.right, box.right);
      union.bottom = Math.max(union.bottom, box.bottom);
    }
  }
  return union;
}

/**
 * Whether the file's model of a stack is what saving the built stack would write: every block and
 * shadow has an id (Blockly gives new ones to those without) and nothing is kept aside for it
 * (unknown elements, `kept-extras.ts`). Stacks failing this are built with the rest of the load.
 */
export function writesBack(node: BlockNode): boolean {
  for (let b: BlockNode | undefined = node; b; b = b.next) {
    if (!b.id || b.extra?.length) return false;
    for (const input of b.inputs) {
      if (input.shadow && !writesBack(input.shadow)) return false;
      if (input.block && !writesBack(input.block)) return false;
    }
  }
  return true;
}

/** Blockly's reading order of top blocks (`Workspace.sortObjects`, left to right): the file's order. */
export function orderKey(x: number, y: number): number {
  return y + Math.sin((3 * Math.PI) / 180) * x;
}

/**
 * Merges the waiting stacks into `built` (already in Blockly's order, each with its corner) by
 * Blockly's reading order, as if they had been built.
 */
export function mergeInOrder<T>(
  built: readonly { item: T; x: number; y: number }[],
  waiting: readonly WaitingStack[],
  fromWaiting: (stack: WaitingStack) => T,
): T[] {
  if (waiting.length === 0) return built.map((b) => b.item);
  const rest = [...waiting].sort((a, b) => orderKey(a.x, a.y) - orderKey(b.x, b.y));
  const out: T[] = [];
  let w = 0;
  for (const b of built) {
    const key = orderKey(b.x, b.y);
    while (w < rest.length && orderKey(rest[w]!.x, rest[w]!.y) < key) out.push(fromWaiting(rest[w++]!));
    out.push(b.item);
  }
  while (w < rest.length) out.push(fromWaiting(rest[w++]!));
  return out;
}

const texts = new WeakMap<WaitingStack, string>();

/** A waiting stack's lines of main.blocks (indented, as `StackXmlCache` keeps built ones). */
export function waitingText(stack: WaitingStack): string {
  let text = texts.get(stack);
  if (text === undefined) {
    const whole = writeBlocksXml({ variables: [], blocks: [stack.node], comments: [] });
    text = whole.slice(whole.indexOf('\n') + 1, whole.length - '</xml>\n'.length);
    texts.set(stack, text);
  }
  return text;
}

/** Per workspace: what builds every waiting stack now (set by the controller while any wait). */
const builders = new WeakMap<Blockly.Workspace, () => void>();

export function setEveryStackBuilder(workspace: Blockly.Workspace, build: (() => void) | undefined): void {
  if (build) builders.set(workspace, build);
  else builders.delete(workspace);
}

/**
 * Builds every stack still waiting on this workspace: for code that reads or changes all blocks
 * (renaming a function's calls, placing a new block below all others).
 */
export function needEveryStack(workspace: Blockly.Workspace): void {
  builders.get(workspace)?.();
}
