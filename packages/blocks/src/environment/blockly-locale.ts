// Blockly's own words (context menus, variable dropdowns, keyboard hints) come from its message
// table, which `blockly/core` leaves empty. English is set once unless the app set a language.

import * as Blockly from 'blockly/core';
import * as english from 'blockly/msg/en';

export function ensureBlocklyMessages(): void {
  if (Blockly.Msg['RENAME_VARIABLE'] === undefined) {
    // The message module's namespace is the table Blockly wants.
    Blockly.setLocale(english as unknown as Record<string, string>);
  }
}
