// Stacks far outside the view are taken out of Chromium's drawing (`display: none` on their SVG
// group; Blockly keeps them, their sizes and connections as before). Why: every frame in which
// anything on the page changes shape, Chromium re-sorts all the workspace's drawing into layers
// ("Layerize"), and with 1,000 blocks that cost about 20 ms of main thread per frame however small
// the change (an edited number, the simulator's state). Profiled with the stacks outside the view
// hidden, it fell 7-9x (bench/benches/edit-run.bench.ts). Blockly measures text with the computed
// style and a canvas, not the layout, so hidden stacks still render right when they change.
import * as Blockly from 'blockly/core';
import { flushAriaFor } from './deferred-aria.ts';

/** Marks a stack's SVG group taken out of drawing (found again with `closest`). */
export const OFFSCREEN_CLASS = 'blockyardOffscreen';

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

/** Takes a stack out of drawing (`OffscreenStacks.update` shows it again once near the view). */
export function hideStack(root: SVGElement): void {
  root.classList.add(OFFSCREEN_CLASS);
  root.style.display = 'none';
}

/** Draws a stack again (it is about to be focused, or shown on purpose). */
function reveal(element: Element | null | undefined): void {
  const root = element?.closest<SVGElement>(`.${OFFSCREEN_CLASS}`);
  if (!root) return;
  root.classList.remove(OFFSCREEN_CLASS);
  root.style.display = '';
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
    for (const block of this.workspace.getTopBlocks(false)) {
      const root = block.getSvgRoot();
      const hidden = root.classList.contains(OFFSCREEN_CLASS);
      const off = !noView && isOffscreen(block.getBoundingRectangle(), view);
      if (off === hidden || (off && dragging)) continue;
      if (off) hideStack(root);
      else {
        root.classList.remove(OFFSCREEN_CLASS);
        root.style.display = '';
      }
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
