// Stacks far outside the view are taken out of the page: their SVG group is removed from
// Blockly's canvas and kept aside (Blockly keeps the blocks, their sizes, connections and their
// SVG as before; the group goes back when the view comes near). Why: every frame in which
// anything on the page changes shape, Chromium re-sorts all the workspace's drawing into layers
// ("Layerize"), about 20 ms of main thread per frame at 1,000 blocks (profiled: 7-9x less with far
// stacks out of drawing, bench/benches/edit-run.bench.ts); and Chromium computes the style of
// every element in the document, even inside a `display: none` group (traced: building every
// stack of a 1,000-block program ended with one style pass over 10,137 elements, 93 of 101 stacks
// hidden), so only stacks kept out of the document cost nothing there. Blockly measures text
// from its width cache (text-widths.ts fills it before a load draws) or from the computed style,
// which a detached element has not: a stack kept aside is put back while Blockly draws it
// (`drawStacksInPage`), and before anything focuses or raises one of its blocks.
import * as Blockly from 'blockly/core';
import { flushAriaFor } from './deferred-aria.ts';

/** Marks a stack's SVG group kept out of the page (found again from any of its elements). */
export const OFFSCREEN_CLASS = 'blockyardOffscreen';

/** Where each stack kept aside goes back (Blockly's block canvas). */
const homes = new WeakMap<Element, ParentNode>();

/** How far beyond the view stacks stay drawn, as a share of the view's size (scrolling shows them at once). */
const OFFSCREEN_MARGIN = 0.5;

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Whether `box` lies wholly outside `view` grown by `margin` of its size on every side. */
export function isOffscreen(box: Box, view: Box, margin = OFFSCREEN_MARGIN): boolean {
  const dx = (view.right - view.left) * margin;
  const dy = (view.bottom - view.top) * margin;
  return (
    box.right < view.left - dx || box.left > view.right + dx || box.bottom < view.top - dy || box.top > view.bottom + dy
  );
}

/** Whether this stack's group is kept out of the page by `hideStack`. */
function isKeptAside(root: Element): boolean {
  return root.parentNode === null && homes.has(root);
}

/** Takes a stack out of the page (`OffscreenStacks.update` puts it back once near the view). */
function hideStack(root: SVGElement): void {
  const home = root.parentNode;
  if (!home) return;
  homes.set(root, home);
  root.classList.add(OFFSCREEN_CLASS);
  root.remove();
}

/** Puts a stack kept aside back in the page (above the others, as Blockly raises a stack). */
function showStack(root: Element): void {
  root.classList.remove(OFFSCREEN_CLASS);
  const home = homes.get(root);
  if (home && root.parentNode === null) home.appendChild(root);
}

/** The outermost element holding `element` (a stack's group when the stack is kept aside). */
function outermost(element: Element): Element {
  let top = element;
  while (top.parentElement) top = top.parentElement;
  return top;
}

/** Puts back the stack holding this element if it is kept aside (it is about to be focused or drawn). */
function reveal(element: Element | null | undefined): void {
  if (!element || element.isConnected) return;
  const top = outermost(element);
  if (isKeptAside(top)) showStack(top);
}

/** The part of a workspace this needs (a real `WorkspaceSvg` in the app, a stand-in in tests). */
export interface CullableWorkspace {
  getTopBlocks(ordered: boolean): readonly {
    getBoundingRectangle(): Box;
    getSvgRoot(): SVGElement;
  }[];
  getMetricsManager(): {
    getViewMetrics(workspaceCoordinates?: boolean): { left: number; top: number; width: number; height: number };
  };
  isDragging(): boolean;
}

/**
 * Keeps the stacks of one workspace out of drawing while far out of view. `update` runs on the
 * next animation frame after `schedule` (the controller schedules it on every workspace event,
 * after each loading slice and on resizes), so many changes cost one pass over the top blocks.
 */
export class OffscreenStacks {
  private frame: number | undefined;
  private disposed = false;

  constructor(private readonly workspace: CullableWorkspace) {}

  schedule(): void {
    if (this.frame !== undefined || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      this.update();
    });
  }

  /** Hides the stacks far out of view and shows the others, now. */
  update(): void {
    if (this.disposed) return;
    const metrics = this.workspace.getMetricsManager().getViewMetrics(true);
    const view = {
      left: metrics.left,
      top: metrics.top,
      right: metrics.left + metrics.width,
      bottom: metrics.top + metrics.height,
    };
    // A workspace not laid out yet (hidden tab) has no view: draw everything.
    const noView = !(metrics.width > 0 && metrics.height > 0);
    // Mid-drag, a stack can be under the pointer anywhere (the drag scrolls the view): hide nothing new.
    const dragging = this.workspace.isDragging();
    // The focused element stays in the page (taken out, it would lose the keyboard focus).
    const focused = document.activeElement;
    for (const block of this.workspace.getTopBlocks(false)) {
      const root = block.getSvgRoot();
      const hidden = isKeptAside(root);
      const off = !noView && isOffscreen(block.getBoundingRectangle(), view);
      if (off === hidden || (off && dragging)) continue;
      if (!off) showStack(root);
      else if (!(focused && root.contains(focused))) hideStack(root);
    }
  }

  /** Stops (the workspace is going away). */
  dispose(): void {
    this.disposed = true;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }
}

const WATCHED = Symbol.for('blockyard.offscreenFocus');

/** Blockly's focus manager (one per page), as far as `revealOnFocus` uses it. */
interface FocusManagerLike {
  focusNode(node: Blockly.IFocusableNode): void;
}

/**
 * A hidden element cannot take focus: keyboard navigation (or a problem's "show me") moving to a
 * block of a hidden stack draws the stack first. Blockly's focus manager is one per page, so this
 * wraps its `focusNode` once, statelessly (any workspace's hidden stacks are found by class).
 */
export function revealOnFocus(manager: FocusManagerLike = Blockly.getFocusManager()): void {
  const marked = manager as FocusManagerLike & { [WATCHED]?: true };
  if (marked[WATCHED]) return;
  marked[WATCHED] = true;
  const focusNode = manager.focusNode.bind(manager);
  manager.focusNode = (node: Blockly.IFocusableNode) => {
    reveal(node.getFocusableElement());
    flushAriaFor(node);
    focusNode(node);
  };
}

const PATCHED = Symbol.for('blockyard.offscreenDraw');

/** The BlockSvg methods `drawStacksInPage` wraps (both on Blockly's prototype, called per block). */
interface DrawnBlock {
  getSvgRoot(): SVGElement;
  renderEfficiently: (this: DrawnBlock) => void;
  bringToFront: (this: DrawnBlock, blockOnly?: boolean) => void;
}

/**
 * A stack kept aside goes back in the page before Blockly draws one of its blocks (an edit, a
 * rename, a problem mark: Blockly measures a word it has not cached from the text element's
 * computed style, which a detached element has not) or raises it (Blockly appends it to its
 * parent, which it has not). The next `OffscreenStacks.update` takes it out again if still far.
 * Once per page: Blockly's prototype is shared by every workspace.
 */
export function drawStacksInPage(prototype: DrawnBlock = Blockly.BlockSvg.prototype): void {
  const marked = prototype as DrawnBlock & { [PATCHED]?: true };
  if (marked[PATCHED]) return;
  marked[PATCHED] = true;
  const render = prototype.renderEfficiently;
  const raise = prototype.bringToFront;
  prototype.renderEfficiently = function (this: DrawnBlock) {
    reveal(this.getSvgRoot());
    render.call(this);
  };
  prototype.bringToFront = function (this: DrawnBlock, blockOnly?: boolean) {
    reveal(this.getSvgRoot());
    raise.call(this, blockOnly);
  };
}
