// Blockly moves a stack aside ("bumps" it, by 28-37 units picked at random) when, as a stack is
// drawn, an open connection of it lies within snapping distance of another stack's connection.
// Loading a file is not a learner placing a block: the file's places are kept. Bumping there made
// the saved text change by chance while a big program's far stacks were built in idle slices
// (far-stacks.ts), so the Python made ahead from the text before no longer matched the text a
// press on the Python tab read, and the press converted afresh (bench python-tab, round 21).
import type * as Blockly from 'blockly/core';

const NO_BUMP = (): void => undefined;

/**
 * Runs `draw` (which renders stacks just added) with the stacks of `workspace` that were not on it
 * before `added` ran left where the file put them: their first drawing bumps nothing.
 */
export function drawWithoutBumps(workspace: Blockly.WorkspaceSvg, added: () => void, draw: () => void): void {
  const before = new Set(workspace.getTopBlocks(false));
  added();
  const fresh = workspace.getTopBlocks(false).filter((block) => !before.has(block));
  // Blockly's render pass calls each drawn top block's own `bumpNeighbours`.
  for (const block of fresh) (block as { bumpNeighbours: () => void }).bumpNeighbours = NO_BUMP;
  try {
    draw();
  } finally {
    for (const block of fresh) delete (block as { bumpNeighbours?: () => void }).bumpNeighbours;
  }
}
