// Definitions of the built-in blocks, with MakeCode's block type, input and field names (facts of
// the `main.blocks` format, so MakeCode projects load): loops, logic, variables, math operators,
// text and array literals, functions, `on start`, and grey code blocks. Their texts are ours.

import type { BlockArg, BlockDefinition, BlockLine, OutputCheck } from './block-definition.ts';
import { greyBlockColour } from './builtin-categories.ts';

/** Block type ids used across the converter. */
export const ON_START = 'pxt-on-start';
export const GREY_STATEMENT = 'typescript_statement';
export const GREY_EXPRESSION = 'typescript_expression';
export const FUNCTION_DEFINITION = 'function_definition';
export const FUNCTION_CALL = 'function_call';
export const FUNCTION_CALL_OUTPUT = 'function_call_output';
export const FUNCTION_RETURN = 'function_return';

const arithmeticOperators = [
  ['+', 'ADD'],
  ['-', 'MINUS'],
  ['×', 'MULTIPLY'],
  ['÷', 'DIVIDE'],
  ['**', 'POWER'],
] as const;
const compareOperators = [
  ['=', 'EQ'],
  ['≠', 'NEQ'],
  ['<', 'LT'],
  ['≤', 'LTE'],
  ['>', 'GT'],
  ['≥', 'GTE'],
] as const;
/** `math_js_op`'s functions: one argument, two arguments, and the two written between arguments. */
export const mathFunctions = {
  unary: ['sqrt', 'sin', 'cos', 'tan', 'asin', 'acos'],
  binary: ['atan2'],
  infix: ['idiv', 'imul'],
} as const;
export const roundingFunctions = ['round', 'ceil', 'floor', 'trunc'] as const;
const argumentReporterTypes = ['number', 'boolean', 'string', 'array', 'custom'] as const;

const value = (name: string, check?: OutputCheck | readonly OutputCheck[]): BlockArg => ({
  type: 'input_value',
  name,
  ...(check ? { check } : {}),
});
const statement = (name: string): BlockArg => ({ type: 'input_statement', name });
const line = (message: string, ...args: BlockArg[]): BlockLine => ({ message, args });
const dropdown = (name: string, options: readonly (readonly [string, string])[]): BlockArg => ({
  type: 'field_dropdown',
  name,
  options,
});

interface Spec extends Omit<BlockDefinition, 'colour' | 'tooltip'> {
  readonly tooltip?: BlockDefinition['tooltip'];
  readonly colour?: string;
}

function spec(s: Spec): Spec {
  return s;
}

const specs: readonly Spec[] = [
  // Loops
  spec({
    type: 'controls_repeat_ext',
    category: 'loops',
    shape: 'statement',
    lines: [line('repeat %1 times', value('TIMES', 'Number')), line('do %1', statement('DO'))],
    tooltip: 'Runs the blocks inside the given number of times.',
    helpUrl: '/reference/loops/repeat',
    inputsInline: true,
  }),
  spec({
    type: 'device_while',
    category: 'loops',
    shape: 'statement',
    lines: [line('while %1', value('COND', 'Boolean')), line('do %1', statement('DO'))],
    tooltip: 'Runs the blocks inside again and again while the condition is true.',
    helpUrl: '/reference/loops/while',
  }),
  spec({
    type: 'pxt_controls_for',
    category: 'loops',
    shape: 'statement',
    lines: [
      line('for %1 from 0 to %2', value('VAR', 'Variable'), value('TO', 'Number')),
      line('do %1', statement('DO')),
    ],
    tooltip: 'Counts the variable from 0 up to the end number, running the blocks inside each time.',
    helpUrl: '/reference/loops/for',
    inputsInline: true,
  }),
  spec({
    type: 'pxt_controls_for_of',
    category: 'loops',
    shape: 'statement',
    lines: [
      line('for element %1 of %2', value('VAR', 'Variable'), value('LIST', ['Array', 'String'])),
      line('do %1', statement('DO')),
    ],
    tooltip: 'Gives the variable each value of the array in turn, running the blocks inside each time.',
    helpUrl: '/reference/loops/for-of',
    inputsInline: true,
  }),
  spec({
    type: 'break_keyword',
    category: 'loops',
    shape: 'statement',
    lines: [line('break')],
    tooltip: 'Leaves the loop at once.',
    helpUrl: '/reference/loops/break',
  }),
  spec({
    type: 'continue_keyword',
    category: 'loops',
    shape: 'statement',
    lines: [line('continue')],
    tooltip: 'Skips the rest of this round of the loop and starts the next one.',
    helpUrl: '/reference/loops/continue',
  }),
  // Older loop blocks that MakeCode projects may still contain: they load and convert.
  spec({
    type: 'controls_simple_for',
    category: 'loops',
    shape: 'statement',
    lines: [
      line('for %1 from 0 to %2', { type: 'field_variable', name: 'VAR', variable: 'index' }, value('TO', 'Number')),
      line('do %1', statement('DO')),
    ],
    hidden: true,
  }),
  spec({
    type: 'controls_for_of',
    category: 'loops',
    shape: 'statement',
    lines: [
      line('for element %1 of %2', { type: 'field_variable', name: 'VAR', variable: 'value' }, value('LIST', 'Array')),
      line('do %1', statement('DO')),
    ],
    hidden: true,
  }),
  // Logic
  spec({
    type: 'controls_if',
    category: 'logic',
    shape: 'statement',
    lines: [line('if %1 then', value('IF0', 'Boolean')), line('%1', statement('DO0'))],
    mutator: 'if-else',
    tooltip: 'If the condition is true, runs the blocks inside; add "else if" and "else" with the + button.',
    helpUrl: '/reference/logic/if',
  }),
  spec({
    type: 'logic_compare',
    category: 'logic',
    shape: 'reporter',
    output: 'Boolean',
    outputShape: 'hexagon',
    lines: [line('%1 %2 %3', value('A'), dropdown('OP', compareOperators), value('B'))],
    inputsInline: true,
    tooltipField: 'OP',
    tooltip: {
      EQ: 'True when both sides are equal.',
      NEQ: 'True when the two sides are different.',
      LT: 'True when the first number is smaller than the second.',
      LTE: 'True when the first number is smaller than or equal to the second.',
      GT: 'True when the first number is larger than the second.',
      GTE: 'True when the first number is larger than or equal to the second.',
    },
    helpUrl: '/reference/logic/boolean',
  }),
  spec({
    type: 'logic_operation',
    category: 'logic',
    shape: 'reporter',
    output: 'Boolean',
    outputShape: 'hexagon',
    lines: [
      line(
        '%1 %2 %3',
        value('A', 'Boolean'),
        dropdown('OP', [
          ['and', 'AND'],
          ['or', 'OR'],
        ]),
        value('B', 'Boolean'),
      ),
    ],
    inputsInline: true,
    tooltipField: 'OP',
    tooltip: { AND: 'True when both sides are true.', OR: 'True when at least one side is true.' },
    helpUrl: '/reference/logic/boolean',
  }),
  spec({
    type: 'logic_negate',
    category: 'logic',
    shape: 'reporter',
    output: 'Boolean',
    outputShape: 'hexagon',
    lines: [line('not %1', value('BOOL', 'Boolean'))],
    tooltip: 'True when the input is false, false when it is true.',
    helpUrl: '/reference/logic/boolean',
  }),
  spec({
    type: 'logic_boolean',
    category: 'logic',
    shape: 'reporter',
    output: 'Boolean',
    outputShape: 'hexagon',
    lines: [
      line(
        '%1',
        dropdown('BOOL', [
          ['true', 'TRUE'],
          ['false', 'FALSE'],
        ]),
      ),
    ],
    tooltip: 'True or false.',
    helpUrl: '/reference/logic/boolean',
  }),
  // Variables
  spec({
    type: 'variables_set',
    category: 'variables',
    shape: 'statement',
    lines: [line('set %1 to %2', { type: 'field_variable', name: 'VAR', variable: 'item' }, value('VALUE'))],
    inputsInline: true,
    tooltip: 'Gives the variable a new value.',
    helpUrl: '/reference/variables/assign',
  }),
  spec({
    type: 'variables_change',
    category: 'variables',
    shape: 'statement',
    lines: [
      line('change %1 by %2', { type: 'field_variable', name: 'VAR', variable: 'item' }, value('VALUE', 'Number')),
    ],
    inputsInline: true,
    tooltip: 'Adds a number to the variable.',
    helpUrl: '/reference/variables/change',
  }),
  spec({
    type: 'variables_get',
    category: 'variables',
    shape: 'reporter',
    output: null,
    lines: [line('%1', { type: 'field_variable', name: 'VAR', variable: 'item' })],
    tooltip: 'The value of this variable.',
    helpUrl: '/reference/variables',
  }),
  spec({
    type: 'variables_get_reporter',
    category: 'variables',
    shape: 'reporter',
    output: null,
    lines: [line('%1', { type: 'field_variable', name: 'VAR', variable: 'item' })],
    tooltip: 'The value of this variable.',
    helpUrl: '/reference/variables',
    hidden: true,
  }),
  // Math
  ...(['math_number', 'math_integer', 'math_whole_number'] as const).map((type) =>
    spec({
      type,
      category: 'math',
      shape: 'reporter',
      output: 'Number',
      lines: [
        line('%1', {
          type: 'field_number',
          name: 'NUM',
          value: 0,
          ...(type === 'math_number' ? {} : { precision: 1 }),
          ...(type === 'math_whole_number' ? { min: 0 } : {}),
        }),
      ],
      tooltip:
        type === 'math_number' ? 'A number.' : type === 'math_integer' ? 'A whole number.' : 'A number 0 or more.',
      hidden: true,
    }),
  ),
  spec({
    type: 'math_number_minmax',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [line('%1', { type: 'field_editor', name: 'SLIDER', editor: 'slider', value: '0', settings: {} })],
    tooltip: 'A number in a range.',
    hidden: true,
  }),
  spec({
    type: 'math_arithmetic',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [line('%1 %2 %3', value('A', 'Number'), dropdown('OP', arithmeticOperators), value('B', 'Number'))],
    inputsInline: true,
    tooltipField: 'OP',
    tooltip: {
      ADD: 'The sum of the two numbers.',
      MINUS: 'The first number minus the second.',
      MULTIPLY: 'The two numbers multiplied.',
      DIVIDE: 'The first number divided by the second.',
      POWER: 'The first number to the power of the second.',
    },
    helpUrl: '/reference/math',
  }),
  spec({
    type: 'math_modulo',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [line('remainder of %1 ÷ %2', value('DIVIDEND', 'Number'), value('DIVISOR', 'Number'))],
    inputsInline: true,
    tooltip: 'What is left over after dividing the first number by the second.',
    helpUrl: '/reference/math',
  }),
  spec({
    type: 'math_op2',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [
      line(
        '%1 of %2 and %3',
        dropdown('op', [
          ['min', 'min'],
          ['max', 'max'],
        ]),
        value('x', 'Number'),
        value('y', 'Number'),
      ),
    ],
    inputsInline: true,
    tooltipField: 'op',
    tooltip: { min: 'The smaller of the two numbers.', max: 'The larger of the two numbers.' },
    helpUrl: '/reference/math',
  }),
  spec({
    type: 'math_op3',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [line('absolute of %1', value('x', 'Number'))],
    tooltip: 'The number without its minus sign.',
    helpUrl: '/reference/math/abs',
  }),
  spec({
    type: 'math_js_op',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    mutator: 'math-function',
    lines: [
      line(
        '%1 %2',
        dropdown(
          'OP',
          [...mathFunctions.unary, ...mathFunctions.binary, ...mathFunctions.infix].map((op) => [
            op === 'sqrt' ? 'square root' : op === 'idiv' ? 'integer ÷' : op === 'imul' ? 'integer ×' : op,
            op,
          ]),
        ),
        value('ARG0', 'Number'),
      ),
    ],
    inputsInline: true,
    tooltipField: 'OP',
    tooltip: {
      sqrt: 'The square root of the number.',
      sin: 'The sine of the angle (in radians).',
      cos: 'The cosine of the angle (in radians).',
      tan: 'The tangent of the angle (in radians).',
      asin: 'The arcsine of the number, in radians.',
      acos: 'The arccosine of the number, in radians.',
      atan2: 'The angle (in radians) of the point y, x.',
      idiv: 'Whole-number division: the remainder is dropped.',
      imul: 'Whole-number multiplication (32 bits).',
    },
    helpUrl: '/reference/math',
  }),
  spec({
    type: 'math_js_round',
    category: 'math',
    shape: 'reporter',
    output: 'Number',
    lines: [
      line(
        '%1 %2',
        dropdown(
          'OP',
          roundingFunctions.map((op) => [op === 'ceil' ? 'ceiling' : op === 'trunc' ? 'truncate' : op, op]),
        ),
        value('ARG0', 'Number'),
      ),
    ],
    inputsInline: true,
    tooltipField: 'OP',
    tooltip: {
      round: 'The nearest whole number.',
      ceil: 'The next whole number up.',
      floor: 'The next whole number down.',
      trunc: 'The number without its fractional part.',
    },
    helpUrl: '/reference/math',
  }),
  // Text
  spec({
    type: 'text',
    category: 'text',
    shape: 'reporter',
    output: 'String',
    lines: [line('"%1"', { type: 'field_input', name: 'TEXT', text: '' })],
    tooltip: 'A letter, a word or a line of text.',
    helpUrl: '/reference/types/string',
  }),
  spec({
    type: 'text_join',
    category: 'text',
    shape: 'reporter',
    output: 'String',
    mutator: 'items',
    lines: [line('join %1 %2', value('ADD0'), value('ADD1'))],
    inputsInline: true,
    tooltip: 'Joins the items into one piece of text.',
    helpUrl: '/reference/text/join',
  }),
  spec({
    type: 'text_length',
    category: 'text',
    shape: 'reporter',
    output: 'Number',
    lines: [line('length of %1', value('VALUE', 'String'))],
    tooltip: 'How many characters the text has, spaces included.',
    helpUrl: '/reference/text/length',
  }),
  // Arrays
  spec({
    type: 'lists_create_with',
    category: 'arrays',
    shape: 'reporter',
    output: 'Array',
    mutator: 'items',
    lines: [line('array of %1 %2', value('ADD0'), value('ADD1'))],
    inputsInline: true,
    tooltip: 'A new array holding these values.',
    helpUrl: '/reference/arrays/create',
  }),
  spec({
    type: 'lists_index_get',
    category: 'arrays',
    shape: 'reporter',
    output: null,
    lines: [line('%1 get value at %2', value('LIST', 'Array'), value('INDEX', 'Number'))],
    inputsInline: true,
    tooltip: 'The value at this position of the array (the first is at 0).',
    helpUrl: '/reference/arrays/get',
  }),
  spec({
    type: 'lists_index_set',
    category: 'arrays',
    shape: 'statement',
    lines: [line('%1 set value at %2 to %3', value('LIST', 'Array'), value('INDEX', 'Number'), value('VALUE'))],
    inputsInline: true,
    tooltip: 'Puts a value at this position of the array (the first is at 0).',
    helpUrl: '/reference/arrays/set',
  }),
  spec({
    type: 'lists_length',
    category: 'arrays',
    shape: 'reporter',
    output: 'Number',
    lines: [line('length of array %1', value('VALUE', 'Array'))],
    tooltip: 'How many values the array holds.',
    helpUrl: '/reference/arrays/length',
  }),
  // Functions
  spec({
    type: FUNCTION_DEFINITION,
    category: 'functions',
    shape: 'top',
    mutator: 'function-definition',
    lines: [
      line('function %1', { type: 'field_input', name: 'function_name', text: 'doSomething' }),
      line('%1', statement('STACK')),
    ],
    tooltip: 'A function: blocks you can run from anywhere with "call".',
    helpUrl: '/reference/types/function/define',
  }),
  spec({
    type: FUNCTION_CALL,
    category: 'functions',
    shape: 'statement',
    mutator: 'function-call',
    lines: [line('call %1', { type: 'field_label', text: '' })],
    tooltip: 'Runs the blocks of the function.',
    helpUrl: '/reference/types/function/call',
  }),
  spec({
    type: FUNCTION_CALL_OUTPUT,
    category: 'functions',
    shape: 'reporter',
    output: null,
    mutator: 'function-call',
    lines: [line('call %1', { type: 'field_label', text: '' })],
    tooltip: 'Runs the function and gives back the value it returns.',
    helpUrl: '/reference/types/function/call',
  }),
  spec({
    type: FUNCTION_RETURN,
    category: 'functions',
    shape: 'statement',
    mutator: 'return',
    lines: [line('return %1', value('RETURN_VALUE'))],
    tooltip: 'Leaves the function and gives back a value.',
    helpUrl: '/reference/types/function/return',
  }),
  ...argumentReporterTypes.map((kind) =>
    spec({
      type: `argument_reporter_${kind}`,
      category: 'functions',
      shape: 'reporter',
      output:
        kind === 'number'
          ? 'Number'
          : kind === 'boolean'
            ? 'Boolean'
            : kind === 'string'
              ? 'String'
              : kind === 'array'
                ? 'Array'
                : null,
      ...(kind === 'boolean' ? { outputShape: 'hexagon' as const } : {}),
      lines: [line('%1', { type: 'field_label', name: 'VALUE', text: '' })],
      tooltip: 'The value given to this parameter.',
      hidden: true,
    }),
  ),
  // On start and grey code
  spec({
    type: ON_START,
    category: 'basic',
    shape: 'top',
    lines: [line('on start %1', { type: 'input_dummy' }), line('%1', statement('HANDLER'))],
    tooltip: 'Runs once when the program starts.',
    helpUrl: '/reference/blocks/on-start',
    single: true,
  }),
  spec({
    type: GREY_STATEMENT,
    category: 'code',
    shape: 'statement',
    colour: greyBlockColour,
    mutator: 'grey-code',
    lines: [line('%1', { type: 'field_label', text: '' })],
    tooltip: 'JavaScript that blocks cannot show. Switch to JavaScript to change it.',
    hidden: true,
  }),
  spec({
    type: GREY_EXPRESSION,
    category: 'code',
    shape: 'reporter',
    output: null,
    colour: greyBlockColour,
    lines: [line('%1', { type: 'field_input', name: 'EXPRESSION', text: '' })],
    tooltip: 'A JavaScript expression that blocks cannot show.',
    hidden: true,
  }),
];

/** The built-in definitions, coloured by category (`colourOf` maps a category id to its colour). */
export function builtinBlockDefinitions(colourOf: (category: string) => string): BlockDefinition[] {
  return specs.map((s) => ({ ...s, colour: s.colour ?? colourOf(s.category), tooltip: s.tooltip ?? '' }));
}

/** Block types whose code the converter writes itself (the rest come from API annotations). */
export const builtinBlockTypes: ReadonlySet<string> = new Set(specs.map((s) => s.type));
