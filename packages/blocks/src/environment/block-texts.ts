// Block texts in the learner's language, beyond what the API annotations say (English). The app
// passes them to BlocksEnvironment; anything missing, or a translation that would change a
// block's inputs, keeps the English text, so a translation can never break a block.

import type { BlocklyJson, ToolboxCategory, ToolboxDefinition, ToolboxEntry } from '@blockyard/language';

export interface BlockTexts {
  /** Toolbox category names by category id (`basic`, `loops`, …). */
  readonly categories?: Readonly<Record<string, string>>;
  /** Toolbox group labels by their English text (`LED`, `Melody`, …). */
  readonly groups?: Readonly<Record<string, string>>;
  /** Toolbox buttons by their English text (`Make a Variable...`). */
  readonly buttons?: Readonly<Record<string, string>>;
  /**
   * Built-in blocks by type: one text per line, with the same `%1`, `%2`… placeholders as the
   * English line (their order may change; word order differs between languages).
   */
  readonly builtin?: Readonly<Record<string, readonly string[]>>;
}

/** The `%N` placeholders of a Blockly message, sorted. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/%(\d+)/g)].map((m) => m[1] ?? '').sort();
}

/** The Blockly JSON of a built-in block with its lines translated where the placeholders agree. */
export function translateBuiltinJson(json: BlocklyJson, lines: readonly string[] | undefined): BlocklyJson {
  if (!lines) return json;
  const out: BlocklyJson = { ...json };
  lines.forEach((text, index) => {
    const english = json[`message${index}`];
    if (typeof english !== 'string') return;
    if (placeholders(english).join() === placeholders(text).join()) out[`message${index}`] = text;
  });
  return out;
}

/** A definition's lines with their messages translated where the placeholders agree. */
export function translateBuiltinLines<Line extends { readonly message: string }>(
  lines: readonly Line[],
  texts: readonly string[],
): Line[] {
  return lines.map((line, index) => {
    const text = texts[index];
    return text !== undefined && placeholders(text).join() === placeholders(line.message).join()
      ? { ...line, message: text }
      : line;
  });
}

function translateEntry(entry: ToolboxEntry, texts: BlockTexts): ToolboxEntry {
  if (entry.kind !== 'label' && entry.kind !== 'button') return entry;
  const text = entry.kind === 'label' ? texts.groups?.[entry.text] : texts.buttons?.[entry.text];
  return text ? { ...entry, text } : entry;
}

function translateCategory(category: ToolboxCategory, texts: BlockTexts): ToolboxCategory {
  const name = texts.categories?.[category.id] ?? category.name;
  return {
    ...category,
    name,
    contents: category.contents.map((entry) => translateEntry(entry, texts)),
    ...(category.more ? { more: category.more.map((entry) => translateEntry(entry, texts)) } : {}),
  };
}

/** The toolbox with translated category names, group labels and buttons. */
export function translateToolbox(toolbox: ToolboxDefinition, texts: BlockTexts | undefined): ToolboxDefinition {
  if (!texts?.categories && !texts?.groups && !texts?.buttons) return toolbox;
  return { ...toolbox, categories: toolbox.categories.map((category) => translateCategory(category, texts)) };
}
