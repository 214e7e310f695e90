// A tutorial's view of the toolbox (issue 14): only the blocks the tutorial uses (when it asks for
// that), the blocks of its `blockconfig` offered with the tutorial's own default values, and the
// categories holding the blocks of the current step marked, so the learner knows where to look.
// Pure: a ToolboxDefinition in, a smaller one out, plus the ids of the marked categories.

import type { BlockNode, ToolboxCategory, ToolboxDefinition, ToolboxEntry } from '@blockyard/language';

export interface ToolboxFilter {
  /** Only blocks of these types are offered (absent: every block). */
  readonly only?: readonly string[];
  /** Categories offering one of these block types are highlighted. */
  readonly highlight?: readonly string[];
  /**
   * Blocks as the tutorial wants them offered (its `blockconfig`): each replaces the toolbox's
   * entry of the same type, keeping its place. Types the toolbox does not offer are ignored.
   */
  readonly blocks?: readonly BlockNode[];
}

export interface FilteredToolbox {
  readonly toolbox: ToolboxDefinition;
  /** Ids of the highlighted categories (and of folders around them). */
  readonly highlighted: ReadonlySet<string>;
}

/** The block types a dynamic category makes on its own (they are not in its contents). */
const DYNAMIC_TYPES: Readonly<Record<'variables' | 'functions', readonly string[]>> = {
  variables: ['variables_set', 'variables_get', 'variables_change', 'variables_get_reporter'],
  functions: ['function_definition', 'function_call', 'function_call_output', 'function_return'],
};

function entryTypes(entry: ToolboxEntry): string[] {
  return entry.kind === 'block' ? [entry.type, ...(entry.wraps ? [entry.wraps] : [])] : [];
}

/** Labels stay only when a block follows them before the next label. */
function dropBareLabels(entries: readonly ToolboxEntry[]): ToolboxEntry[] {
  const out: ToolboxEntry[] = [];
  entries.forEach((entry, i) => {
    if (entry.kind !== 'label') {
      out.push(entry);
      return;
    }
    const next = entries.slice(i + 1).find((e) => e.kind !== 'button');
    if (next && next.kind === 'block') out.push(entry);
  });
  return out;
}

export function filterToolbox(toolbox: ToolboxDefinition, filter: ToolboxFilter): FilteredToolbox {
  const only = filter.only ? new Set(filter.only) : undefined;
  const highlight = new Set(filter.highlight ?? []);
  const configured = new Map<string, BlockNode[]>();
  for (const block of filter.blocks ?? []) {
    configured.set(block.type, [...(configured.get(block.type) ?? []), block]);
  }
  const used = new Set<string>();
  const keep = (entry: ToolboxEntry) => !only || entry.kind !== 'block' || entryTypes(entry).some((t) => only.has(t));
  const replace = (entries: readonly ToolboxEntry[]): ToolboxEntry[] =>
    entries.flatMap((entry): ToolboxEntry[] => {
      if (entry.kind !== 'block') return [entry];
      const blocks = configured.get(entry.type);
      if (!blocks || used.has(entry.type)) return [entry];
      used.add(entry.type);
      return blocks.map(({ x: _x, y: _y, ...block }) => ({ ...entry, block }));
    });
  const highlighted = new Set<string>();
  const categories: ToolboxCategory[] = [];
  for (const category of toolbox.categories) {
    const dynamic = category.dynamic ? DYNAMIC_TYPES[category.dynamic] : [];
    const contents = replace(dropBareLabels(category.contents.filter(keep)));
    const more = replace(dropBareLabels((category.more ?? []).filter(keep)));
    const offers = [...contents, ...more].flatMap(entryTypes).concat(dynamic);
    const dynamicKept = dynamic.length > 0 && (!only || dynamic.some((t) => only.has(t)));
    if (only && !dynamicKept && !contents.some((e) => e.kind === 'block') && !more.some((e) => e.kind === 'block')) {
      continue;
    }
    if (offers.some((t) => highlight.has(t))) highlighted.add(category.id);
    // A category whose blocks all sit in "more" shows them directly.
    const moved = contents.every((e) => e.kind !== 'block') && !category.dynamic && more.length > 0;
    categories.push({
      ...category,
      contents: moved ? [...contents, ...more] : contents,
      ...(category.more ? { more: moved ? [] : more } : {}),
    });
  }
  if (categories.some((c) => c.advanced && highlighted.has(c.id))) highlighted.add('advanced');
  return { toolbox: { categories }, highlighted };
}
