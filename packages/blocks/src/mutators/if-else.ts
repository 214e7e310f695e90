// `controls_if` with any number of "else if" arms and an optional "else" (`<mutation elseif="2"
// else="1">`, Blockly's and MakeCode's format). The + button adds an "else" first, then "else if"
// arms; the - button takes away the last arm (else-ifs first, then the else).

import type * as Blockly from 'blockly/core';
import type { BlockNode } from '@blockyard/language';
import { environmentOf } from '../environment/environment-link.ts';
import { baseMutation, keepMutation, keptMutation } from './mutation-keeper.ts';
import {
  appendButton,
  changeShape,
  type MutableBlock,
  plugShadow,
  removeInputKeepingBlocks,
} from './mutation-support.ts';

const MANAGED = new Set(['elseif', 'else']);
const BUTTONS = 'BUTTONS';

const falseShadow: BlockNode = { type: 'logic_boolean', fields: [{ name: 'BOOL', value: 'FALSE' }], inputs: [] };

export function installIfElse(block: MutableBlock): void {
  let elseIfCount = 0;
  let hasElse = false;
  const messages = () => environmentOf(block.workspace)?.messages;

  const rebuild = (wantElseIfs: number, wantElse: boolean) => {
    block.removeInput(BUTTONS, true);
    if (block.getInput('ELSE')) {
      if (!wantElse) removeInputKeepingBlocks(block, 'ELSE');
      block.removeInput('ELSE_LABEL', true);
    }
    for (let i = elseIfCount; i > wantElseIfs; i--) {
      removeInputKeepingBlocks(block, `DO${i}`);
      removeInputKeepingBlocks(block, `IF${i}`);
      block.removeInput(`THEN${i}`, true);
    }
    for (let i = elseIfCount + 1; i <= wantElseIfs; i++) {
      block
        .appendValueInput(`IF${i}`)
        .setCheck('Boolean')
        .appendField(messages()?.ifElseIf ?? 'else if');
      block.appendDummyInput(`THEN${i}`).appendField(messages()?.ifThen ?? 'then');
      block.appendStatementInput(`DO${i}`);
    }
    if (wantElse) {
      block.appendDummyInput('ELSE_LABEL').appendField(messages()?.ifElse ?? 'else');
      if (block.getInput('ELSE')) block.moveInputBefore('ELSE', null);
      else block.appendStatementInput('ELSE');
    }
    elseIfCount = wantElseIfs;
    hasElse = wantElse;
    const buttons = block.appendDummyInput(BUTTONS);
    if (elseIfCount > 0 || hasElse) {
      appendButton(buttons, 'minus', messages()?.removeInput ?? 'Show less', () => shrink());
    }
    appendButton(buttons, 'plus', messages()?.addInput ?? 'Show more', () => grow());
  };

  const grow = () => {
    if (!hasElse) changeShape(block, () => rebuild(elseIfCount, true));
    else {
      const added = elseIfCount + 1;
      changeShape(
        block,
        () => rebuild(added, true),
        () => plugShadow(block, `IF${added}`, falseShadow),
      );
    }
  };
  const shrink = () => {
    if (elseIfCount > 0) changeShape(block, () => rebuild(elseIfCount - 1, hasElse));
    else if (hasElse) changeShape(block, () => rebuild(0, false));
  };

  block.mutationToDom = () => {
    const element = baseMutation(block, MANAGED);
    const kept = keptMutation(block);
    if (elseIfCount > 0 || kept?.hasAttribute('elseif')) element.setAttribute('elseif', String(elseIfCount));
    if (hasElse || kept?.hasAttribute('else')) element.setAttribute('else', hasElse ? '1' : '0');
    return element;
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    const count = Math.max(0, Math.min(100, Number.parseInt(element.getAttribute('elseif') ?? '0', 10) || 0));
    const wantElse = (element.getAttribute('else') ?? '0') !== '0' && element.getAttribute('else') !== 'false';
    rebuild(count, wantElse);
  };
  rebuild(0, false);
}

/** For tests: the arms a block has now. */
export function ifElseShape(block: Blockly.Block): { elseIfs: number; else: boolean } {
  let elseIfs = 0;
  while (block.getInput(`IF${elseIfs + 1}`)) elseIfs++;
  return { elseIfs, else: !!block.getInput('ELSE') };
}
