// Blocks with a growing list of value inputs `ADD0`, `ADD1`, ... (`text_join`, `lists_create_with`):
// `<mutation items="3">`. The + button adds an input with a default shadow, - takes the last away.

import type * as Blockly from 'blockly/core';
import type { BlockNode } from '@blockyard/language';
import { environmentOf } from '../environment/environment-link.ts';
import { baseMutation, keepMutation } from './mutation-keeper.ts';
import {
  appendButton,
  changeShape,
  type MutableBlock,
  plugShadow,
  removeInputKeepingBlocks,
} from './mutation-support.ts';

const MANAGED = new Set(['items']);
const TITLE = 'TITLE';
const BUTTONS = 'BUTTONS';
const MAX_ITEMS = 500;

function itemShadow(type: string): BlockNode {
  return type === 'text_join'
    ? { type: 'text', fields: [{ name: 'TEXT', value: '' }], inputs: [] }
    : { type: 'math_number', fields: [{ name: 'NUM', value: '0' }], inputs: [] };
}

export function installItemList(block: MutableBlock): void {
  // The definition's first line is "<title> %1 %2": keep its words as a title row of their own.
  const title = block.inputList[0]?.fieldRow.map((field) => field.getText()).join(' ') ?? '';
  const check = block.getInput('ADD0')?.connection?.getCheck() ?? null;
  for (const input of [...block.inputList]) block.removeInput(input.name);
  block.appendDummyInput(TITLE).appendField(title);
  let count = 0;
  const messages = () => environmentOf(block.workspace)?.messages;

  const rebuild = (want: number) => {
    block.removeInput(BUTTONS, true);
    for (let i = count - 1; i >= want; i--) removeInputKeepingBlocks(block, `ADD${i}`);
    for (let i = count; i < want; i++) block.appendValueInput(`ADD${i}`).setCheck(check);
    count = want;
    const buttons = block.appendDummyInput(BUTTONS);
    if (count > 0) appendButton(buttons, 'minus', messages()?.removeInput ?? 'Show less', () => shrink());
    appendButton(buttons, 'plus', messages()?.addInput ?? 'Show more', () => grow());
  };
  const grow = () => {
    if (count >= MAX_ITEMS) return;
    const added = count;
    changeShape(
      block,
      () => rebuild(added + 1),
      () => plugShadow(block, `ADD${added}`, itemShadow(block.type)),
    );
  };
  const shrink = () => {
    if (count > 0) changeShape(block, () => rebuild(count - 1));
  };

  block.mutationToDom = () => {
    const element = baseMutation(block, MANAGED);
    element.setAttribute('items', String(count));
    return element;
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    const items = Number.parseInt(element.getAttribute('items') ?? '2', 10);
    rebuild(Number.isFinite(items) ? Math.max(0, Math.min(MAX_ITEMS, items)) : 2);
  };
  rebuild(2);
}

export function itemCount(block: Blockly.Block): number {
  let count = 0;
  while (block.getInput(`ADD${count}`)) count++;
  return count;
}
