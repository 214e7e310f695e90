// What Blockly itself would drop from a file, kept on the side while the file is open: XML
// elements it does not know (inside blocks and at the top level) and the root's attributes.
// Blocks that carry such elements are given an id when they have none, so the elements find
// their block again when saving.

import type * as Blockly from 'blockly/core';
import type { BlockNode, BlocksWorkspace, XmlElement } from '@blockyard/language';

const EXTRAS = Symbol.for('blockyard.blocks.keptExtras');

interface KeptExtras {
  readonly top: readonly XmlElement[];
  readonly byBlock: ReadonlyMap<string, readonly XmlElement[]>;
  readonly rootAttributes?: Readonly<Record<string, string>>;
}

interface WithExtras {
  [EXTRAS]?: KeptExtras;
}

/** Takes the extras out of a model (returned without them) and remembers them on the workspace. */
export function stashExtras(workspace: Blockly.Workspace, model: BlocksWorkspace): BlocksWorkspace {
  const byBlock = new Map<string, XmlElement[]>();
  const usedIds = new Set<string>();
  const collect = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      if (b.id) usedIds.add(b.id);
      for (const input of b.inputs) {
        collect(input.shadow);
        collect(input.block);
      }
    }
  };
  model.blocks.forEach(collect);
  let counter = 0;
  const freshId = () => {
    let id: string;
    do id = `kept_${++counter}`;
    while (usedIds.has(id));
    usedIds.add(id);
    return id;
  };
  const strip = (block: BlockNode): BlockNode => {
    let result: BlockNode = {
      ...block,
      inputs: block.inputs.map((input) => ({
        ...input,
        ...(input.shadow ? { shadow: strip(input.shadow) } : {}),
        ...(input.block ? { block: strip(input.block) } : {}),
      })),
      ...(block.next ? { next: strip(block.next) } : {}),
    };
    if (block.extra?.length) {
      const id = block.id ?? freshId();
      byBlock.set(id, [...block.extra]);
      const { extra: _extra, ...rest } = result;
      result = { ...rest, id };
    }
    return result;
  };
  const blocks = model.blocks.map(strip);
  (workspace as WithExtras)[EXTRAS] = {
    top: model.extra ?? [],
    byBlock,
    ...(model.attributes ? { rootAttributes: model.attributes } : {}),
  };
  const { extra: _extra, ...rest } = model;
  return { ...rest, blocks };
}

/** Puts the kept extras back into a model read from Blockly's XML. */
export function restoreExtras(workspace: Blockly.Workspace, model: BlocksWorkspace): BlocksWorkspace {
  const kept = (workspace as WithExtras)[EXTRAS];
  if (!kept) return model;
  const put = (block: BlockNode): BlockNode => {
    const extra = block.id ? kept.byBlock.get(block.id) : undefined;
    return {
      ...block,
      inputs: block.inputs.map((input) => ({
        ...input,
        ...(input.shadow ? { shadow: put(input.shadow) } : {}),
        ...(input.block ? { block: put(input.block) } : {}),
      })),
      ...(block.next ? { next: put(block.next) } : {}),
      ...(extra ? { extra } : {}),
    };
  };
  return {
    ...model,
    ...(kept.rootAttributes ? { attributes: kept.rootAttributes } : {}),
    blocks: model.blocks.map(put),
    ...(kept.top.length ? { extra: kept.top } : {}),
  };
}
