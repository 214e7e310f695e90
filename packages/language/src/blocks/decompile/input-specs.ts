// How each input of a built-in block holds a value from code: a typed input turns literals of its
// type into its shadow block and keeps a default shadow under anything else; a natural input turns
// any literal into its own literal shadow. The generator of random block programs in the tests
// uses the same table, so decompiled blocks and generated blocks agree.

import { type LiteralShadow, literalShadowTypes } from '../definitions/default-values.ts';

export type InputSpec =
  | { readonly kind: 'typed'; readonly shadow: LiteralShadow; readonly covered: string }
  | { readonly kind: 'natural'; readonly covered?: { readonly shadow: LiteralShadow; readonly value: string } };

const number = literalShadowTypes['math_number']!;
const whole = literalShadowTypes['math_whole_number']!;
const boolean = literalShadowTypes['logic_boolean']!;
const text = literalShadowTypes['text']!;

const typedNumber: InputSpec = { kind: 'typed', shadow: number, covered: '0' };
const typedWhole: InputSpec = { kind: 'typed', shadow: whole, covered: '0' };
const typedBoolean: InputSpec = { kind: 'typed', shadow: boolean, covered: 'TRUE' };
const typedText: InputSpec = { kind: 'typed', shadow: text, covered: '' };
const natural: InputSpec = { kind: 'natural' };
const naturalOverNumber: InputSpec = { kind: 'natural', covered: { shadow: number, value: '0' } };
const naturalOverText: InputSpec = { kind: 'natural', covered: { shadow: text, value: '' } };

const specs: Readonly<Record<string, Readonly<Record<string, InputSpec>>>> = {
  controls_repeat_ext: { TIMES: typedWhole },
  device_while: { COND: typedBoolean },
  pxt_controls_for: { TO: typedWhole },
  pxt_controls_for_of: { LIST: natural },
  logic_compare: { A: naturalOverNumber, B: naturalOverNumber },
  logic_operation: { A: typedBoolean, B: typedBoolean },
  logic_negate: { BOOL: typedBoolean },
  math_arithmetic: { A: typedNumber, B: typedNumber },
  math_modulo: { DIVIDEND: typedNumber, DIVISOR: typedNumber },
  math_op2: { x: typedNumber, y: typedNumber },
  math_op3: { x: typedNumber },
  math_js_op: { ARG0: typedNumber, ARG1: typedNumber },
  math_js_round: { ARG0: typedNumber },
  text_length: { VALUE: typedText },
  lists_length: { VALUE: natural },
  lists_index_get: { LIST: natural, INDEX: typedNumber },
  lists_index_set: { LIST: natural, INDEX: typedNumber, VALUE: natural },
  variables_set: { VALUE: naturalOverNumber },
  variables_change: { VALUE: typedNumber },
  function_return: { RETURN_VALUE: natural },
};

/** The input spec of a built-in block's input (`IF3`, `ADD5` and call arguments included). */
export function inputSpec(blockType: string, inputName: string): InputSpec {
  if (blockType === 'controls_if') return /^IF\d+$/.test(inputName) ? typedBoolean : natural;
  if (blockType === 'text_join') return naturalOverText;
  return specs[blockType]?.[inputName] ?? natural;
}
