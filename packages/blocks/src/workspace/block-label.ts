// A block's name as a learner reads it on the block: its own words and the choices its dropdowns
// show ("show number", "on button A pressed"), without what is plugged into it. Problems use it
// to say where something went wrong ("Stopped in “show number”").

import * as Blockly from 'blockly/core';

const MAX_LENGTH = 40;

export function blockLabel(block: Blockly.Block): string {
  // A value block with no words of its own (a number) is named by what it shows.
  const label = fieldWords(block, true) || fieldWords(block, false);
  if (!label) return block.type;
  return label.length > MAX_LENGTH ? `${label.slice(0, MAX_LENGTH - 1).trimEnd()}…` : label;
}

function fieldWords(block: Blockly.Block, wordsOnly: boolean): string {
  const words: string[] = [];
  for (const input of block.inputList) {
    if (!input.isVisible()) continue;
    for (const field of input.fieldRow) {
      if (!field.isVisible()) continue;
      if (wordsOnly && !(field instanceof Blockly.FieldLabel) && !(field instanceof Blockly.FieldDropdown)) continue;
      const text = field.getText().replace(/\s+/g, ' ').trim();
      if (text) words.push(text);
    }
  }
  return words.join(' ');
}
