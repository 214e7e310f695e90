// `math_js_op`: one dropdown of Math functions whose shape follows the function picked: one
// argument (sqrt, sin, ...), two (atan2), or two written around the name (idiv, imul). The kind is
// stored as MakeCode does: `<mutation op-type="unary|binary|infix">`.

import type * as Blockly from 'blockly/core';
import { baseMutation, keepMutation } from './mutation-keeper.ts';
import type { MutableBlock } from './mutation-support.ts';
import { removeInputKeepingBlocks } from './mutation-support.ts';

const MANAGED = new Set(['op-type']);

type MathOpType = 'unary' | 'binary' | 'infix';

function mathOpType(op: string): MathOpType {
  if (op === 'atan2') return 'binary';
  if (op === 'idiv' || op === 'imul') return 'infix';
  return 'unary';
}

export function installMathFunction(block: MutableBlock): void {
  let opType: MathOpType = 'unary';
  const reshape = (type: MathOpType) => {
    opType = type;
    const hasSecond = !!block.getInput('ARG1');
    if (type === 'unary' && hasSecond) removeInputKeepingBlocks(block, 'ARG1');
    if (type !== 'unary' && !hasSecond) block.appendValueInput('ARG1').setCheck('Number');
  };
  const field = block.getField('OP') as Blockly.Field<string> | null;
  field?.setValidator((value: string) => {
    reshape(mathOpType(value));
    return undefined;
  });
  block.mutationToDom = () => {
    const element = baseMutation(block, MANAGED);
    element.setAttribute('op-type', opType);
    return element;
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    const type = element.getAttribute('op-type');
    reshape(type === 'binary' || type === 'infix' ? type : 'unary');
  };
}
