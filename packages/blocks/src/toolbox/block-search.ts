// The toolbox search: every toolbox block gets a search text (its words as a learner reads them,
// its category, and the JavaScript name for those who know it); a query matches blocks whose text
// holds every word of the query. Blocks whose words start with the query come first.

import type { BlockDefinition, ToolboxBlockEntry, ToolboxCategory, ToolboxDefinition } from '@blockyard/language';

export interface SearchableBlock {
  readonly entry: ToolboxBlockEntry;
  readonly category: ToolboxCategory;
  /** Lower-case words of the block, as shown. */
  readonly words: string;
  /** Everything else that may match (category, JavaScript name). */
  readonly extra: string;
}

function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}.#]+/gu, ' ')
    .trim();
}

/** The words a block shows: its text, the dropdown choices it starts with, no input placeholders. */
function blockWords(definition: BlockDefinition, entry?: ToolboxBlockEntry): string {
  const fieldValue = (name: string) => entry?.block.fields.find((f) => f.name === name)?.value;
  return normalizeSearchText(
    definition.lines
      .map((line) =>
        line.message.replace(/%(\d+)/g, (_whole, index: string) => {
          const arg = line.args[Number(index) - 1];
          if (arg?.type === 'field_label') return arg.text;
          if (arg?.type === 'field_dropdown') {
            const value = fieldValue(arg.name);
            return arg.options.find(([, v]) => v === value)?.[0] ?? ' ';
          }
          return ' ';
        }),
      )
      .join(' '),
  );
}

export function buildSearchIndex(
  toolbox: ToolboxDefinition,
  definitionOf: (type: string) => BlockDefinition | undefined,
  jsNameOf: (type: string) => string | undefined,
): SearchableBlock[] {
  const index: SearchableBlock[] = [];
  const seen = new Set<string>();
  for (const category of toolbox.categories) {
    for (const entry of [...category.contents, ...(category.more ?? [])]) {
      if (entry.kind !== 'block') continue;
      const definition = definitionOf(entry.type);
      if (!definition) continue;
      // "play (melody …) until done" is found by the words of both blocks.
      const inner = entry.wraps !== undefined ? definitionOf(entry.wraps) : undefined;
      const innerBlock = entry.block.inputs.find((input) => input.shadow?.type === entry.wraps)?.shadow;
      const words =
        inner && innerBlock
          ? `${blockWords(definition, entry)} ${blockWords(inner, { ...entry, block: innerBlock })}`
          : blockWords(definition, entry);
      // The same block with other defaults (two "if" blocks) is found once.
      const key = `${entry.type}|${words}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const names = [entry.type, ...(entry.wraps !== undefined ? [entry.wraps] : [])];
      const extra = normalizeSearchText(
        `${category.name} ${names.map((type) => `${jsNameOf(type) ?? ''} ${type}`).join(' ')}`,
      );
      index.push({ entry, category, words, extra });
    }
  }
  return index;
}

export function searchBlocks(index: readonly SearchableBlock[], query: string, limit = 60): SearchableBlock[] {
  const terms = normalizeSearchText(query).split(' ').filter(Boolean);
  if (terms.length === 0) return [];
  const phrase = terms.join(' ');
  const scored: { item: SearchableBlock; score: number; order: number }[] = [];
  index.forEach((item, order) => {
    const haystack = `${item.words} ${item.extra}`;
    if (!terms.every((term) => haystack.includes(term))) return;
    let score = 3;
    if (item.words.startsWith(phrase)) score = 0;
    else if (item.words.includes(phrase)) score = 1;
    else if (terms.every((term) => item.words.includes(term))) score = 2;
    scored.push({ item, score, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.item);
}
