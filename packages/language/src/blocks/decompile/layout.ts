// Tidy, deterministic positions for decompiled blocks: top blocks and workspace comments flow in
// rows, in program order, each row as tall as its tallest item, so nothing overlaps. Sizes are
// estimated from the blocks (no rendering here) generously enough to cover Blockly's renderers:
// the constants below were measured on the zelos renderer in Chromium (a statement with a reporter
// is 48 to 64 units tall, a C-shaped block adds about 90 around its inner stack, a function's
// header with its parameters about 140) and rounded up.
// Rows keep the program order when sorted by (y, x), which is how the generator orders blocks.

import type { BlockNode, WorkspaceComment } from '../model/blocks-model.ts';
import { fieldValue, stackOf } from '../model/blocks-model.ts';

const ROW_WIDTH = 1200;
const GAP_X = 40;
const GAP_Y = 40;
const MARGIN = 20;
const LINE = 40;
const CHAR = 8;
/** A plain statement; a function call's argument boxes make it taller. */
const STATEMENT = 60;
const CALL = 96;
/** A C-shaped block's own height around its first inner stack; each further input (else) adds a row. */
const C_BLOCK = 96;
const FUNCTION_BLOCK = 144;
const EXTRA_INPUT = 48;
const EMPTY_INPUT = 32;
/** Reporter labels and rounded ends are not counted one by one: widths are scaled up instead. */
const WIDTH_SCALE = 1.4;

interface Size {
  readonly width: number;
  readonly height: number;
}

export function layOut(
  items: readonly ({ kind: 'block'; block: BlockNode } | { kind: 'comment'; comment: WorkspaceComment })[],
  start: { readonly y?: number } = {},
): { blocks: BlockNode[]; comments: WorkspaceComment[] } {
  const blocks: BlockNode[] = [];
  const comments: WorkspaceComment[] = [];
  let x = MARGIN;
  let y = start.y ?? MARGIN;
  let rowHeight = 0;
  for (const item of items) {
    const size = item.kind === 'block' ? scaled(stackSize(item.block)) : commentSize(item.comment.text);
    if (x > MARGIN && x + size.width > ROW_WIDTH) {
      x = MARGIN;
      y += rowHeight + GAP_Y;
      rowHeight = 0;
    }
    if (item.kind === 'block') blocks.push({ ...item.block, x, y });
    else comments.push({ ...item.comment, x, y, attributes: { h: String(size.height), w: String(size.width) } });
    x += size.width + GAP_X;
    rowHeight = Math.max(rowHeight, size.height);
  }
  return { blocks, comments };
}

function scaled(size: Size): Size {
  return { width: Math.round(size.width * WIDTH_SCALE), height: size.height };
}

function commentSize(text: string): Size {
  const lines = text.split('\n');
  const longest = Math.max(...lines.map((l) => l.length));
  return {
    width: Math.min(480, Math.max(160, longest * CHAR + 24)),
    height: Math.min(360, Math.max(80, lines.length * 20 + 40)),
  };
}

/** The size of a stack of statement blocks. */
export function stackSize(first: BlockNode | undefined): Size {
  let width = 0;
  let height = 0;
  for (const block of stackOf(first)) {
    const size = blockSize(block);
    width = Math.max(width, size.width);
    height += size.height;
  }
  return { width, height };
}

function blockSize(block: BlockNode): Size {
  const statements = block.inputs.filter((i) => i.kind === 'statement');
  const header = headerWidth(block);
  const commentLines = block.comment ? 1 : 0;
  if (block.type === 'typescript_statement') {
    const lines = Number(block.mutation?.attributes['numlines'] ?? 1) || 1;
    let longest = 0;
    for (let i = 0; i < lines; i++) longest = Math.max(longest, (block.mutation?.attributes[`line${i}`] ?? '').length);
    return { width: longest * CHAR + 40, height: lines * 28 + 32 + commentLines * LINE };
  }
  if (statements.length === 0) {
    const tall = block.type === 'function_call' && block.inputs.some((i) => i.kind === 'value');
    return { width: header, height: (tall ? CALL : STATEMENT) + commentLines * LINE };
  }
  let width = header;
  let height = commentLines * LINE + (block.type === 'function_definition' ? FUNCTION_BLOCK : C_BLOCK);
  statements.forEach((input, index) => {
    const inner = stackSize(input.block);
    width = Math.max(width, inner.width + 24);
    height += (index > 0 ? EXTRA_INPUT : 0) + Math.max(inner.height, EMPTY_INPUT);
  });
  return { width, height };
}

/** Width of a block's own row: its label and the reporters plugged into it. */
function headerWidth(block: BlockNode): number {
  let width = 40 + block.type.length * 4;
  for (const field of block.fields) width += Math.min(field.value.length, 40) * CHAR + 24;
  for (const input of block.inputs) {
    if (input.kind !== 'value') continue;
    const target = input.block ?? input.shadow;
    width += target ? reporterWidth(target) : 48;
  }
  return Math.max(width, 120);
}

function reporterWidth(block: BlockNode): number {
  const text = fieldValue(block, 'NUM') ?? fieldValue(block, 'TEXT') ?? fieldValue(block, 'VAR') ?? '';
  let width = 32 + Math.min(text.length, 40) * CHAR;
  for (const input of block.inputs) {
    if (input.kind === 'value') {
      const target = input.block ?? input.shadow;
      width += target ? reporterWidth(target) : 40;
    }
  }
  return width + (block.shadow ? 0 : block.type.length * 2);
}
