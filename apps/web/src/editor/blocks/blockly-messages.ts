// Blockly's own words (context menus, "Rename variable…", keyboard help) in the learner's
// language: Blockly ships a message table per language; each one we offer is its own chunk,
// loaded the first time a language is shown. A language Blockly lacks shows English.

import { type BlocklyMessages, blocklyLocaleName, englishBlocklyMessages } from '@blockyard/blocks';

type Loader = () => Promise<unknown>;

// One entry per language the menu offers (translations.test.ts checks that none is missing);
// literal imports, so the bundler makes one small chunk each.
const loaders: Readonly<Record<string, Loader>> = {
  ar: () => import('blockly/msg/ar'),
  de: () => import('blockly/msg/de'),
  es: () => import('blockly/msg/es'),
  fr: () => import('blockly/msg/fr'),
  ja: () => import('blockly/msg/ja'),
  'pt-br': () => import('blockly/msg/pt-br'),
  'zh-hans': () => import('blockly/msg/zh-hans'),
};

const loaded = new Map<string, Promise<BlocklyMessages>>();
/** The tables already here, so the editor can draw without waiting a turn (see BlocksArea). */
const ready = new Map<string, BlocklyMessages>([['en', englishBlocklyMessages]]);

/** Blockly's message table for a language if it is already loaded (English always is). */
export function readyBlocklyMessages(code: string): BlocklyMessages | undefined {
  return ready.get(blocklyLocaleName(code));
}

/** Whether Blockly's words for this language ship with the app (English always does). */
export function hasBlocklyMessages(code: string): boolean {
  const name = blocklyLocaleName(code);
  return name === 'en' || name in loaders;
}

/** Blockly's message table for a language (cached; English when we do not ship it). */
export function loadBlocklyMessages(code: string): Promise<BlocklyMessages> {
  const name = blocklyLocaleName(code);
  let table = loaded.get(name);
  if (!table) {
    const load = loaders[name];
    table = load
      ? load().then(
          (module) => {
            ready.set(name, module as BlocklyMessages);
            return module as BlocklyMessages;
          },
          () => {
            // A chunk that fails to load (offline) must not break the editor: English this
            // time, and the next editor tries again.
            loaded.delete(name);
            return englishBlocklyMessages;
          },
        )
      : Promise.resolve(englishBlocklyMessages);
    loaded.set(name, table);
  }
  return table;
}
