// Renaming and deleting variables in a blocks program, as the Variables category offers them
// (pure: the editor applies them to Blockly, the CLI or tests to saved files).

import type { BlockNode, BlocksWorkspace, InputNode } from './blocks-model.ts';

/** True when the block itself refers to the variable (its `VAR` field, or its loop variable). */
function usesVariable(block: BlockNode, name: string): boolean {
  if (block.fields.some((f) => f.name === 'VAR' && f.value === name) && block.type !== 'variables_get_reporter')
    return true;
  const loopVariable = block.inputs.find((i) => i.name === 'VAR')?.shadow;
  return !!loopVariable && loopVariable.fields.some((f) => f.name === 'VAR' && f.value === name);
}

function mapBlocks(block: BlockNode | undefined, map: (block: BlockNode) => BlockNode): BlockNode | undefined {
  if (!block) return undefined;
  const mapped = map(block);
  const inputs = mapped.inputs.map((input): InputNode => {
    const shadow = mapBlocks(input.shadow, map);
    const inner = mapBlocks(input.block, map);
    const { shadow: _s, block: _b, ...rest } = input;
    return { ...rest, ...(shadow ? { shadow } : {}), ...(inner ? { block: inner } : {}) };
  });
  const next = mapBlocks(mapped.next, map);
  const { next: _n, ...rest } = mapped;
  return { ...rest, inputs, ...(next ? { next } : {}) };
}

/** Renames a variable everywhere: the variable list and every block that uses it. */
export function renameVariable(workspace: BlocksWorkspace, from: string, to: string): BlocksWorkspace {
  const rename = (block: BlockNode): BlockNode =>
    block.fields.some((f) => f.name === 'VAR' && f.value === from)
      ? { ...block, fields: block.fields.map((f) => (f.name === 'VAR' && f.value === from ? { ...f, value: to } : f)) }
      : block;
  return {
    ...workspace,
    variables: workspace.variables.map((v) => (v.name === from ? { ...v, name: to } : v)),
    blocks: workspace.blocks.map((b) => mapBlocks(b, rename)!),
  };
}

/** How many blocks use a variable (what "delete the variable" would remove). */
export function variableUses(workspace: BlocksWorkspace, name: string): number {
  let count = 0;
  const visit = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      if (usesVariable(b, name)) count++;
      for (const input of b.inputs) {
        visit(input.shadow);
        visit(input.block);
      }
    }
  };
  workspace.blocks.forEach(visit);
  return count;
}

/**
 * Deletes a variable and, as Blockly does, every block that uses it (with what is inside it);
 * the blocks after a deleted statement move up, an emptied input shows its shadow again.
 */
export function deleteVariable(workspace: BlocksWorkspace, name: string): BlocksWorkspace {
  const stack = (first: BlockNode | undefined): BlockNode | undefined => {
    let block = first;
    while (block && usesVariable(block, name)) block = block.next;
    if (!block) return undefined;
    const inputs = block.inputs.map((input): InputNode => {
      const inner = input.kind === 'statement' ? stack(input.block) : value(input.block);
      const { block: _b, ...rest } = input;
      return { ...rest, ...(inner ? { block: inner } : {}) };
    });
    const next = stack(block.next);
    const { next: _n, ...rest } = block;
    return { ...rest, inputs, ...(next ? { next } : {}) };
  };
  const value = (block: BlockNode | undefined): BlockNode | undefined =>
    block && usesVariable(block, name) ? undefined : block ? stack(block) : undefined;
  return {
    ...workspace,
    variables: workspace.variables.filter((v) => v.name !== name),
    blocks: workspace.blocks.flatMap((b) => {
      if (usesVariable(b, name)) return [];
      const kept = stack(b);
      return kept
        ? [{ ...kept, ...(b.x === undefined ? {} : { x: b.x }), ...(b.y === undefined ? {} : { y: b.y }) }]
        : [];
    }),
  };
}
