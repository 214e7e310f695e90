// The toolbox: one category per API namespace (colour, icon, weight, groups with labels, the
// "more" blocks of `advanced=true`) plus the built-in categories, ordinary ones first by weight,
// then the advanced ones by weight.

import { own } from '../api/own.ts';
import type { ApiBlock } from './api-blocks.ts';
import type { ToolboxCategory, ToolboxDefinition, ToolboxEntry } from './block-definition.ts';
import type { BlockRegistry } from './block-registry.ts';
import { builtinCategories, builtinCategoryId, categoryIdOf } from './builtin-categories.ts';
import { builtinToolboxEntries, builtinToolboxTail } from './builtin-toolbox.ts';
import { defaultBlock } from './default-values.ts';
import type { BlockNode } from '../model/blocks-model.ts';

const OTHERS = 'others';

export function buildToolbox(registry: BlockRegistry): ToolboxDefinition {
  const { metadata } = registry;
  const identity = (id: string) => registry.apiBlock(id);
  const byCategory = new Map<string, ApiBlock[]>();
  for (const apiBlock of registry.apiBlocks()) {
    const { fn, definition } = apiBlock;
    if (definition.hidden || fn.deprecated || fn.blockHidden) continue;
    const category = categoryIdOf(fn);
    const list = byCategory.get(category) ?? [];
    list.push(apiBlock);
    byCategory.set(category, list);
  }

  const categories: ToolboxCategory[] = [];
  for (const builtin of builtinCategories) {
    const ns = Object.values(metadata.namespaces).find((n) => builtinCategoryId(n.name) === builtin.id);
    const api = entriesFor(byCategory.get(builtin.id) ?? [], ns?.groups ?? []);
    byCategory.delete(builtin.id);
    categories.push({
      kind: 'category',
      id: builtin.id,
      name: ns && ns.attributes['block'] ? ns.label : builtin.name,
      colour: registry.categoryColour(builtin.id),
      icon: ns?.icon ?? builtin.icon,
      weight: builtin.weight,
      advanced: builtin.advanced,
      ...(builtin.dynamic ? { dynamic: builtin.dynamic } : {}),
      contents: [
        ...(builtinToolboxEntries[builtin.id] ?? []),
        ...api.contents,
        ...(builtinToolboxTail[builtin.id] ?? []),
      ],
      ...(api.more.length ? { more: api.more } : {}),
    });
  }
  const namespaceIds = new Set([...Object.keys(metadata.namespaces), ...byCategory.keys()]);
  for (const id of namespaceIds) {
    if (builtinCategoryId(id)) continue;
    const blocks = byCategory.get(id) ?? [];
    if (blocks.length === 0) continue;
    const ns = own(metadata.namespaces, id);
    const api = entriesFor(blocks, ns?.groups ?? []);
    categories.push({
      kind: 'category',
      id,
      name: ns?.label ?? id.charAt(0).toUpperCase() + id.slice(1),
      colour: registry.categoryColour(id),
      ...(ns?.icon ? { icon: ns.icon } : {}),
      weight: ns?.weight ?? 50,
      advanced: ns?.advanced ?? false,
      contents: api.contents,
      ...(api.more.length ? { more: api.more } : {}),
    });
  }
  categories.sort((a, b) => Number(a.advanced) - Number(b.advanced) || b.weight - a.weight);
  return { categories };

  function entriesFor(blocks: readonly ApiBlock[], declaredGroups: readonly string[]) {
    // Without declared groups, groups come in the order their heaviest block would.
    const groups = declaredGroups.length
      ? declaredGroups
      : [...new Set([...blocks].sort((a, b) => b.fn.weight - a.fn.weight).map((b) => b.fn.group ?? OTHERS))];
    const order = (group: string | undefined) => {
      const index = groups.indexOf(group ?? OTHERS);
      return index >= 0 ? index : group ? groups.length : groups.indexOf(OTHERS) >= 0 ? groups.indexOf(OTHERS) : -1;
    };
    const sorted = [...blocks].sort((a, b) => order(a.fn.group) - order(b.fn.group) || b.fn.weight - a.fn.weight);
    const build = (list: readonly ApiBlock[]): ToolboxEntry[] => {
      const entries: ToolboxEntry[] = [];
      let group: string | undefined;
      for (const apiBlock of list) {
        if (apiBlock.fn.group !== group) {
          group = apiBlock.fn.group;
          if (group && group !== OTHERS) entries.push({ kind: 'label', text: group });
        }
        const gap = apiBlock.fn.blockGap !== undefined ? { gap: apiBlock.fn.blockGap } : {};
        const attributes = apiBlock.fn.attributes;
        const parent = attributes['toolboxParent'] ?? attributes['duplicateWithToolboxParent'];
        const wrapped = parent
          ? wrappedEntry(
              apiBlock,
              parent,
              attributes['toolboxParentArgument'] ?? attributes['duplicateWithToolboxParentArgument'],
            )
          : undefined;
        if (wrapped) entries.push({ ...wrapped, ...gap });
        if (!wrapped || attributes['toolboxParent'] === undefined) {
          entries.push({
            kind: 'block',
            type: apiBlock.blockId,
            block: defaultBlock(apiBlock, identity, metadata),
            ...gap,
          });
        }
      }
      return entries;
    };
    return {
      contents: build(sorted.filter((b) => !b.fn.advanced)),
      more: build(sorted.filter((b) => b.fn.advanced)),
    };
  }

  /**
   * MakeCode's `toolboxParent`: the block comes out of the toolbox inside its parent's input as a
   * shadow (`play (melody …) until done`), the parent being hidden on its own. Undefined when the
   * parent or its input is unknown: the block is then offered alone.
   */
  function wrappedEntry(child: ApiBlock, parentId: string, argument: string | undefined): ToolboxEntry | undefined {
    const parent = registry.apiBlock(parentId);
    if (!parent) return undefined;
    const block = defaultBlock(parent, identity, metadata);
    const inputName =
      argument === undefined
        ? block.inputs.find((i) => i.kind === 'value')?.name
        : parent.bindings.find((b) => b.kind === 'input' && b.param.name === argument)?.name;
    if (inputName === undefined || !block.inputs.some((i) => i.name === inputName)) return undefined;
    const shadow: BlockNode = { ...defaultBlock(child, identity, metadata), shadow: true };
    return {
      kind: 'block',
      type: parent.blockId,
      wraps: child.blockId,
      block: {
        ...block,
        inputs: block.inputs.map((input) =>
          input.name === inputName ? { kind: 'value', name: inputName, shadow } : input,
        ),
      },
    };
  }
}
