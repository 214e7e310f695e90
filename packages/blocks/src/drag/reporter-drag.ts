// Dragging a handler's own parameter reporter makes a copy (the original stays where it is);
// dragging a copy moves it as usual. And nothing can be dropped onto a parameter's place.

import * as Blockly from 'blockly/core';
import { isOwnedInput, isOwnedReporter } from './owned-reporters.ts';

class DuplicateOnDragStrategy extends Blockly.dragging.BlockDragStrategy {
  private readonly source: Blockly.BlockSvg;

  constructor(block: Blockly.BlockSvg) {
    super(block);
    this.source = block;
  }

  override isMovable(): boolean {
    return isOwnedReporter(this.source) ? !this.source.workspace.isReadOnly() : super.isMovable();
  }

  protected override getTargetBlock(): Blockly.BlockSvg {
    if (!isOwnedReporter(this.source) || this.source.isInFlyout) return super.getTargetBlock();
    const state = Blockly.serialization.blocks.save(this.source, { addCoordinates: false, addNextBlocks: false });
    if (!state) return super.getTargetBlock();
    delete state.id;
    const copy = Blockly.serialization.blocks.append(state, this.source.workspace, {
      recordUndo: true,
    }) as Blockly.BlockSvg;
    copy.render();
    this.positionNewBlock(this.source, copy);
    copy.setDragging(true);
    return copy;
  }
}

/** Makes a reporter copy itself when dragged out of its owner, and undeletable while owned. */
export function installReporterDrag(block: Blockly.Block): void {
  const isDeletable = block.isDeletable.bind(block);
  block.isDeletable = () => !isOwnedReporter(block) && isDeletable();
  if (block instanceof Blockly.BlockSvg) block.setDragStrategy(new DuplicateOnDragStrategy(block));
}

/** Refuses drops onto a parameter's place (the input holding an owned reporter). */
export class BlockyardConnectionChecker extends Blockly.ConnectionChecker {
  override doDragChecks(a: Blockly.RenderedConnection, b: Blockly.RenderedConnection, distance: number): boolean {
    for (const connection of [a, b]) {
      // Only a block's input connections have a parent input.
      const input = connection.getParentInput();
      if (input && isOwnedInput(connection.getSourceBlock().type, input.name)) return false;
    }
    return super.doDragChecks(a, b, distance);
  }
}
