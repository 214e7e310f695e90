// Files saved before an API parameter became a value input (the pin of the pins blocks was a
// dropdown field until they took MakeCode 9's pin shadows) keep loading: a field named for what
// is now a shadow input moves into that input as its shadow's value. Saved projects never break.

import type { BlockNode, BlocksWorkspace, InputNode } from '../model/blocks-model.ts';
import type { BlockRegistry } from './block-registry.ts';
import { literalShadowFor, makeLiteralShadow } from './default-values.ts';

/** `workspace` with old fields moved into the inputs that replaced them (the same object when none). */
export function upgradeFieldsToInputs(workspace: BlocksWorkspace, registry: BlockRegistry): BlocksWorkspace {
  let changed = false;
  const upgrade = (block: BlockNode): BlockNode => {
    let fields = block.fields;
    let inputs = block.inputs.map((input) => {
      const shadow = input.shadow && upgrade(input.shadow);
      const inner = input.block && upgrade(input.block);
      return shadow === input.shadow && inner === input.block
        ? input
        : { ...input, ...(shadow ? { shadow } : {}), ...(inner ? { block: inner } : {}) };
    });
    const api = registry.apiBlock(block.type);
    for (const binding of api?.bindings ?? []) {
      const name = binding.name;
      if (binding.kind !== 'input' || !name || inputs.some((i) => i.name === name)) continue;
      const old = fields.find((f) => f.name === name);
      const literal = old && literalShadowFor(binding.param, (id) => registry.apiBlock(id));
      if (!old || !literal) continue;
      fields = fields.filter((f) => f !== old);
      const input: InputNode = { kind: 'value', name, shadow: makeLiteralShadow(literal, old.value) };
      inputs = [...inputs, input];
    }
    const next = block.next && upgrade(block.next);
    const same =
      fields === block.fields && next === block.next && inputs.every((input, i) => input === block.inputs[i]);
    if (same && inputs.length === block.inputs.length) return block;
    changed = true;
    return { ...block, fields, inputs, ...(next ? { next } : {}) };
  };
  const blocks = workspace.blocks.map(upgrade);
  return changed ? { ...workspace, blocks } : workspace;
}
