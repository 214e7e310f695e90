// A drop (a block let go on the workspace, out of the toolbox or onto the bin; a keyboard move
// finished with Enter) reaches the workspace's change listeners only after the next animation
// frame and a zero-delay task (Blockly queues its events so). A page that stalls right after the
// drop and is closed meanwhile never runs them, and the drop the learner saw was lost. Blockly's
// dragger is where a drop ends, in the drop's own task: ours tells whoever listens on the
// workspace which stacks the drag touched, at once, so the edit can be recorded before anything
// else runs.

import * as Blockly from 'blockly/core';

/** Top block ids of the stacks a finished drag changed (the one left and the one joined). */
export type FinishedDragListener = (stackIds: readonly string[]) => void;

const listeners = new WeakMap<Blockly.Workspace, FinishedDragListener>();

/** The top block of the stack `draggable` is in, when it is a block. */
function stackOf(draggable: Blockly.IDraggable): string | undefined {
  return draggable instanceof Blockly.BlockSvg && !draggable.isDeadOrDying() ? draggable.getRootBlock().id : undefined;
}

class ReportingDragger extends Blockly.dragging.Dragger {
  /** The stack the dragged block leaves, read before Blockly unplugs it. */
  private left: string | undefined;
  /**
   * The workspace the drag ends on: for a block out of the toolbox that is the main workspace,
   * where Blockly makes the copy at the drag's start (the dragger is given the flyout's block).
   */
  private workspace: Blockly.Workspace | undefined;

  override onDragStart(e?: PointerEvent | KeyboardEvent): Blockly.IDraggable {
    const from = this.draggable.workspace;
    this.left = stackOf(this.draggable);
    const dragged = super.onDragStart(e);
    this.workspace = dragged.workspace;
    if (from !== this.workspace) this.left = undefined;
    return dragged;
  }

  override onDragEnd(e?: PointerEvent | KeyboardEvent): void {
    super.onDragEnd(e);
    this.report();
  }

  override onDragRevert(e?: PointerEvent | KeyboardEvent): void {
    super.onDragRevert(e);
    this.report();
  }

  private report(): void {
    const listener = this.workspace && listeners.get(this.workspace);
    if (!listener) return;
    // A block dropped on the bin is gone: only the stack it left changed.
    const joined = stackOf(this.draggable);
    listener([this.left, joined].filter((id): id is string => id !== undefined));
  }
}

/**
 * Makes every drag on the page (workspaces, flyouts, keyboard moves) end through our dragger.
 * Blockly picks the dragger from the options of the workspace a drag starts on: out of the
 * toolbox that is the flyout's own workspace, which a workspace's `plugins` option does not
 * reach, so ours replaces the default for all of them.
 */
function reportFinishedDrags(): void {
  if (Blockly.registry.getClass(Blockly.registry.Type.BLOCK_DRAGGER, Blockly.registry.DEFAULT) === ReportingDragger) {
    return;
  }
  Blockly.registry.register(Blockly.registry.Type.BLOCK_DRAGGER, Blockly.registry.DEFAULT, ReportingDragger, true);
}

/** Calls `listener` when a drag on `workspace` has ended, in the drop's task; gives the stop. */
export function onFinishedDrags(workspace: Blockly.Workspace, listener: FinishedDragListener): () => void {
  reportFinishedDrags();
  listeners.set(workspace, listener);
  return () => {
    if (listeners.get(workspace) === listener) listeners.delete(workspace);
  };
}
