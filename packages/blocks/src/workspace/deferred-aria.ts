// Screen-reader labels of loaded blocks, set once after loading instead of several times during
// it. Blockly 13 recomputes a block's ARIA label and role when the block is drawn for the first
// time, again whenever it is connected to a parent (`setParent`) and when it becomes a shadow;
// each field does the same for itself. A label is worded from the block's fields and its
// neighbours, so loading a 1,000-block program worded about 6,000 labels (a tenth of its
// JavaScript, profiled) that the next connection threw away. While `deferAria` runs its body those
// recomputations only note the block; the noted blocks get their labels once, in small slices
// after the load (`ARIA_DELAY_MS` after the last deferred body), or at once when one of them is
// about to take focus (`flushAriaFor`, called by the focus wrapper of `offscreen-stacks.ts`).
// Blockly's methods are private: each is checked for at run time, and without them nothing is
// deferred.
import * as Blockly from 'blockly/core';

/** Time after the last deferred body before the labels are set (a big program loads in slices). */
const ARIA_DELAY_MS = 100;
/** Work per slice when setting the labels (ms). */
const ARIA_SLICE_MS = 8;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Blockly's own `this`
type Recompute = (this: any) => unknown;
interface AriaParts {
  readonly block: { recomputeAriaContext?: Recompute };
  readonly field: { recomputeAriaContext?: Recompute };
}

let deferring = 0;
let installed = false;
/** Per noted block: whether its own label waits, and which of its fields' labels do. */
const pending = new Map<Blockly.BlockSvg, { self: boolean; fields: Set<Blockly.Field> }>();

function note(block: Blockly.BlockSvg): { self: boolean; fields: Set<Blockly.Field> } {
  let entry = pending.get(block);
  if (!entry) {
    entry = { self: false, fields: new Set() };
    pending.set(block, entry);
  }
  return entry;
}
let timer: ReturnType<typeof setTimeout> | undefined;

function install(): boolean {
  if (installed) return true;
  const parts: AriaParts = {
    block: Blockly.BlockSvg.prototype as unknown as AriaParts['block'],
    field: Blockly.Field.prototype,
  };
  const block = parts.block.recomputeAriaContext;
  const field = parts.field.recomputeAriaContext;
  if (typeof block !== 'function' || typeof field !== 'function') return false;
  installed = true;
  parts.block.recomputeAriaContext = function (this: Blockly.BlockSvg) {
    if (deferring) note(this).self = true;
    else block.call(this);
  };
  parts.field.recomputeAriaContext = function (this: Blockly.Field) {
    if (!deferring) return field.call(this);
    const source = this.getSourceBlock();
    // Only fields Blockly labels (a plain label never is: it stays out of the accessibility tree).
    if (source instanceof Blockly.BlockSvg) note(source).fields.add(this);
    // "Not in the accessibility tree (yet)": subclasses stop customizing.
    return false;
  };
  return true;
}

/** Runs `body` (a load) with the ARIA labels of the blocks it makes or connects set afterwards. */
export function deferAria<T>(body: () => T): T {
  if (!install()) return body();
  deferring++;
  try {
    return body();
  } finally {
    deferring--;
    if (deferring === 0 && pending.size) schedule(ARIA_DELAY_MS);
  }
}

function schedule(delay: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    const deadline = performance.now() + ARIA_SLICE_MS;
    if (!flushAria(() => performance.now() < deadline)) schedule(0);
  }, delay);
}

/** Sets the labels of one noted block and its fields, as Blockly would have. */
function label(block: Blockly.BlockSvg): void {
  const entry = pending.get(block);
  pending.delete(block);
  if (!entry || block.isDeadOrDying()) return;
  // Through the objects: field classes customize their labels (text inputs, checkboxes).
  for (const field of entry.fields) if (field.getSourceBlock() === block) field.recomputeAriaContext();
  if (entry.self) (block as unknown as AriaParts['block']).recomputeAriaContext?.call(block);
}

/** Sets the noted labels while `more()` says so; all of them without it. Returns whether none is left. */
function flushAria(more: () => boolean = () => true): boolean {
  if (deferring) return pending.size === 0;
  for (const block of pending.keys()) {
    label(block);
    if (!more()) break;
  }
  if (pending.size === 0 && timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  return pending.size === 0;
}

/** Labels the block behind a node about to take focus, if its label is still waiting. */
export function flushAriaFor(node: Blockly.IFocusableNode): void {
  if (pending.size === 0 || deferring) return;
  const block =
    node instanceof Blockly.BlockSvg ? node : node instanceof Blockly.Field ? node.getSourceBlock() : undefined;
  if (block instanceof Blockly.BlockSvg && pending.has(block)) label(block);
}
