// Grey code blocks hold JavaScript that blocks cannot show. MakeCode's format keeps the text in
// the mutation (`<mutation numlines="2" line0="..." line1="..."/>`); the block shows each line as
// written, in a code font, and writes the mutation back exactly as it came.

import type * as Blockly from 'blockly/core';
import { NAME_LABEL } from '../environment/blockly-json.ts';
import { keepMutation, keptMutation } from './mutation-keeper.ts';
import { type MutableBlock, noMutation } from './mutation-support.ts';

function greyCodeLines(mutation: Element | undefined): string[] {
  if (!mutation) return [];
  const count = Number.parseInt(mutation.getAttribute('numlines') ?? '', 10);
  const lines: string[] = [];
  if (Number.isFinite(count)) {
    for (let i = 0; i < count; i++) lines.push(mutation.getAttribute(`line${i}`) ?? '');
  } else {
    for (let i = 0; mutation.hasAttribute(`line${i}`); i++) lines.push(mutation.getAttribute(`line${i}`) ?? '');
  }
  return lines;
}

export function installGreyCode(block: MutableBlock): void {
  const show = (lines: readonly string[]) => {
    for (const input of [...block.inputList]) if (input.name.startsWith('LINE')) block.removeInput(input.name);
    const first = block.getField(NAME_LABEL) as Blockly.FieldLabel | null;
    first?.setValue(lines[0] ?? '');
    lines.slice(1).forEach((line, index) => {
      block.appendDummyInput(`LINE${index + 1}`).appendField(line, `LINE_TEXT${index + 1}`);
    });
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    show(greyCodeLines(element));
  };
  block.mutationToDom = () => {
    const kept = keptMutation(block);
    return noMutation(kept ? (kept.cloneNode(true) as Element) : null);
  };
}
