// Files saved before an API parameter became a value input (the pin of the pins blocks was a
// dropdown field until they took MakeCode 9's pin shadows) keep loading: a field named for what
// is now a shadow input moves into that input as its shadow's value. Saved projects never break.
// A value from another enum than the shadow's (`AnalogPin.P1` in `analog read pin`, whose shadow
// picks an AnalogReadWritePin) becomes the member of the same name and number, as MakeCode's own
// upgrade does, or else its value block over the default shadow: the code stays the same.

import type { BlockNode, BlocksWorkspace, InputNode } from '../model/blocks-model.ts';
import type { BlockRegistry } from './block-registry.ts';
import { type LiteralShadow, literalShadowFor, makeLiteralShadow } from './default-values.ts';

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
      inputs = [...inputs, { kind: 'value', name, ...upgradedInput(literal, old.value, registry, block.type, name) }];
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

/** The shadow (and block) of an input that holds what was the field value `value`. */
function upgradedInput(
  literal: LiteralShadow,
  value: string,
  registry: BlockRegistry,
  type: string,
  name: string,
): Pick<InputNode, 'shadow' | 'block'> {
  const found = literal.enumType === undefined ? undefined : registry.enumMember(value);
  if (!found || found.enumType === literal.enumType) return { shadow: makeLiteralShadow(literal, value) };
  const twin = registry.enumMember(`${literal.enumType}.${found.member.name}`);
  if (twin && twin.member.value === found.member.value)
    return { shadow: makeLiteralShadow(literal, twin.member.qName) };
  const identity = found.member.blockIdentity ? registry.apiBlockFor(found.member.blockIdentity) : undefined;
  const field = identity?.bindings.find((b) => b.kind === 'field' || b.kind === 'input')?.name;
  const shadow = registry.defaultInput(type, name)?.shadow;
  if (!identity || !field || !shadow) return { shadow: makeLiteralShadow(literal, value) };
  return { shadow, block: { type: identity.blockId, fields: [{ name: field, value }], inputs: [] } };
}
