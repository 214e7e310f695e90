// Blockly's own words (context menus, variable dropdowns, keyboard hints) come from its message
// table, which `blockly/core` leaves empty. Blockly ships a table per language
// (`blockly/msg/<name>`); the app loads the learner's lazily and hands it to the environment.
// Without one, English is set once unless a language was set before.

import * as Blockly from 'blockly/core';
import * as english from 'blockly/msg/en';

/** One of Blockly's message tables (`blockly/msg/<name>`: message id -> text). */
export type BlocklyMessages = Readonly<Record<string, string>>;

/** English, always in the bundle (the module's namespace is the table Blockly wants). */
export const englishBlocklyMessages = english as unknown as BlocklyMessages;

// Blockly names some files differently from our codes (spec 000 §5 form); the rest are the
// lower-cased code.
const blocklyNames: Readonly<Record<string, string>> = {
  'es-es': 'es',
  'pt-pt': 'pt',
  'zh-cn': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
};

/** The name of Blockly's message file for a language code: `es-ES` -> `es`, `zh-CN` -> `zh-hans`. */
export function blocklyLocaleName(code: string): string {
  const lower = code.trim().toLowerCase().replace('_', '-');
  return blocklyNames[lower] ?? lower;
}

/** Sets Blockly's words for every workspace on the page (the page has one language). */
export function applyBlocklyMessages(messages: BlocklyMessages): void {
  Blockly.setLocale(messages);
}

export function ensureBlocklyMessages(): void {
  if (Blockly.Msg['RENAME_VARIABLE'] === undefined) applyBlocklyMessages(englishBlocklyMessages);
}
