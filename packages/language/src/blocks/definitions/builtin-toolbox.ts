// The toolbox entries of the built-in categories: the blocks learners expect, with the shadow
// blocks and default values they come out with.

import type { BlockNode, FieldNode, InputNode } from '../model/blocks-model.ts';
import type { ToolboxEntry } from './block-definition.ts';
import { FUNCTION_DEFINITION, FUNCTION_RETURN } from './builtin-blocks.ts';

const num = (value: string | number, type = 'math_number'): BlockNode => ({
  type,
  shadow: true,
  fields: [{ name: 'NUM', value: String(value) }],
  inputs: [],
});
const text = (value: string): BlockNode => ({
  type: 'text',
  shadow: true,
  fields: [{ name: 'TEXT', value }],
  inputs: [],
});
const bool = (value: boolean): BlockNode => ({
  type: 'logic_boolean',
  shadow: true,
  fields: [{ name: 'BOOL', value: value ? 'TRUE' : 'FALSE' }],
  inputs: [],
});
const variable = (name: string, type = 'variables_get'): BlockNode => ({
  type,
  fields: [{ name: 'VAR', value: name }],
  inputs: [],
});
const val = (name: string, shadow?: BlockNode, block?: BlockNode): InputNode => ({
  kind: 'value',
  name,
  ...(shadow ? { shadow } : {}),
  ...(block ? { block } : {}),
});
const block = (
  type: string,
  fields: FieldNode[],
  inputs: InputNode[],
  mutation?: Record<string, string>,
): BlockNode => ({
  type,
  ...(mutation ? { mutation: { attributes: mutation, children: [] } } : {}),
  fields,
  inputs,
});
const op = (name: string, value: string): FieldNode => ({ name, value });
const entry = (b: BlockNode, gap?: number): ToolboxEntry => ({
  kind: 'block',
  type: b.type,
  block: b,
  ...(gap === undefined ? {} : { gap }),
});

/** Entries placed before the API's own blocks of the same category. */
export const builtinToolboxEntries: Readonly<Record<string, readonly ToolboxEntry[]>> = {
  loops: [
    entry(block('controls_repeat_ext', [], [val('TIMES', num(4, 'math_whole_number'))])),
    entry(block('device_while', [], [val('COND', bool(false))])),
    entry(
      block(
        'pxt_controls_for',
        [],
        [
          val('VAR', { ...variable('index', 'variables_get_reporter'), shadow: true }),
          val('TO', num(4, 'math_whole_number')),
        ],
      ),
    ),
    entry(
      block(
        'pxt_controls_for_of',
        [],
        [
          val('VAR', { ...variable('value', 'variables_get_reporter'), shadow: true }),
          val('LIST', undefined, variable('list')),
        ],
      ),
      24,
    ),
  ],
  logic: [
    entry(block('controls_if', [], [val('IF0', bool(true))])),
    entry(block('controls_if', [], [val('IF0', bool(true))], { else: '1' }), 24),
    entry(block('logic_compare', [op('OP', 'EQ')], [val('A', num(0)), val('B', num(0))])),
    entry(block('logic_compare', [op('OP', 'LT')], [val('A', num(0)), val('B', num(0))])),
    entry(block('logic_compare', [op('OP', 'EQ')], [val('A', text('')), val('B', text(''))]), 24),
    entry(block('logic_operation', [op('OP', 'AND')], [])),
    entry(block('logic_operation', [op('OP', 'OR')], [])),
    entry(block('logic_negate', [], []), 24),
    entry(block('logic_boolean', [op('BOOL', 'TRUE')], [])),
    entry(block('logic_boolean', [op('BOOL', 'FALSE')], [])),
  ],
  variables: [
    { kind: 'button', text: 'Make a Variable...', action: 'create-variable' },
    entry(block('variables_set', [op('VAR', 'item')], [val('VALUE', num(0))])),
    entry(block('variables_change', [op('VAR', 'item')], [val('VALUE', num(1))])),
    entry(variable('item')),
  ],
  math: [
    entry(num(0)),
    ...(['ADD', 'MINUS', 'MULTIPLY', 'DIVIDE'] as const).map((o, i) =>
      entry(block('math_arithmetic', [op('OP', o)], [val('A', num(0)), val('B', num(0))]), i === 3 ? 24 : undefined),
    ),
    entry(block('math_modulo', [], [val('DIVIDEND', num(0)), val('DIVISOR', num(1))])),
    entry(block('math_op2', [op('op', 'min')], [val('x', num(0)), val('y', num(0))])),
    entry(block('math_op3', [], [val('x', num(0))])),
    entry(block('math_js_op', [op('OP', 'sqrt')], [val('ARG0', num(0))], { 'op-type': 'unary' })),
    entry(block('math_js_round', [op('OP', 'round')], [val('ARG0', num(0))]), 24),
  ],
  text: [
    entry(text('')),
    entry(block('text_join', [], [val('ADD0', text('Hello')), val('ADD1', text('World'))], { items: '2' })),
    entry(block('text_length', [], [val('VALUE', text('Hello'))])),
  ],
  arrays: [
    entry(
      block(
        'variables_set',
        [op('VAR', 'list')],
        [
          val(
            'VALUE',
            undefined,
            block('lists_create_with', [], [val('ADD0', num(1)), val('ADD1', num(2))], { items: '2' }),
          ),
        ],
      ),
    ),
    entry(block('lists_create_with', [], [], { items: '0' }), 24),
    entry(block('lists_index_get', [], [val('LIST', undefined, variable('list')), val('INDEX', num(0))])),
    entry(block('lists_index_set', [], [val('LIST', undefined, variable('list')), val('INDEX', num(0))])),
    entry(block('lists_length', [], [val('VALUE', undefined, variable('list'))]), 24),
  ],
  functions: [
    { kind: 'button', text: 'Make a Function...', action: 'create-function' },
    entry(
      block(FUNCTION_DEFINITION, [op('function_name', 'doSomething')], [], {
        name: 'doSomething',
        functionid: 'doSomething',
      }),
    ),
    entry(block(FUNCTION_RETURN, [], [val('RETURN_VALUE', num(0))])),
  ],
};

/** Entries placed after the API's blocks of the same category. */
export const builtinToolboxTail: Readonly<Record<string, readonly ToolboxEntry[]>> = {
  loops: [entry(block('break_keyword', [], [])), entry(block('continue_keyword', [], []))],
};
