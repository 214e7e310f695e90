// The tables the Python -> TypeScript converter works from: JavaScript operator precedence,
// Python operators and their TypeScript twins, and what learners may not use (by @lezer/python
// node name) with the words that name it in a diagnostic.

export interface Emitted {
  text: string;
  prec: number;
}
// JavaScript operator precedence, higher binds tighter.
export const PREC = {
  cond: 3,
  or: 4,
  and: 5,
  bitOr: 6,
  bitXor: 7,
  bitAnd: 8,
  equality: 9,
  relational: 10,
  shift: 11,
  additive: 12,
  multiplicative: 13,
  power: 14,
  unary: 15,
  call: 17,
  primary: 20,
} as const;

export const BINARY: Readonly<Record<string, [string, number]>> = {
  '+': ['+', PREC.additive],
  '-': ['-', PREC.additive],
  '*': ['*', PREC.multiplicative],
  '/': ['/', PREC.multiplicative],
  '%': ['%', PREC.multiplicative],
  '**': ['**', PREC.power],
  '==': ['==', PREC.equality],
  '!=': ['!=', PREC.equality],
  '<': ['<', PREC.relational],
  '>': ['>', PREC.relational],
  '<=': ['<=', PREC.relational],
  '>=': ['>=', PREC.relational],
  '&': ['&', PREC.bitAnd],
  '|': ['|', PREC.bitOr],
  '^': ['^', PREC.bitXor],
  '<<': ['<<', PREC.shift],
  '>>': ['>>', PREC.shift],
  and: ['&&', PREC.and],
  or: ['||', PREC.or],
};

export const COMPOUND_STATEMENTS = new Set([
  'ClassDefinition',
  'FunctionDefinition',
  'IfStatement',
  'WhileStatement',
  'ForStatement',
  'TryStatement',
]);

export const COMPOUND = new Set(['+=', '-=', '*=', '/=', '%=', '**=', '&=', '|=', '^=', '<<=', '>>=']);

/** Statements learners may not use, by node name, and how to say so. */
export const UNSUPPORTED_STATEMENTS: Readonly<Record<string, string>> = {
  WithStatement: 'with',
  RaiseStatement: 'raise',
  AssertStatement: 'assert',
  DeleteStatement: 'del',
  DecoratedStatement: 'decorators (@)',
  PrintStatement: 'print without brackets',
  MatchStatement: 'match',
  TypeDefinition: 'type aliases',
  YieldStatement: 'yield (generators)',
};

export const UNSUPPORTED_EXPRESSIONS: Readonly<Record<string, string>> = {
  DictionaryExpression: 'dictionaries ({...}). Use two lists instead, one for the keys and one for the values',
  DictionaryComprehensionExpression: 'dictionary comprehensions',
  SetExpression: 'sets ({...}). Use a list instead',
  SetComprehensionExpression: 'set comprehensions',
  ComprehensionExpression: 'generator expressions',
  TupleExpression: 'tuples (values with commas between them). Use a list [a, b] instead',
  AwaitExpression: 'await',
  YieldExpression: 'yield (generators)',
  Ellipsis: 'the ... placeholder',
  NamedExpression: 'the := operator',
};

/** Python types -> TypeScript types. */
export const TYPE_NAMES: Readonly<Record<string, string>> = {
  int: 'number',
  float: 'number',
  number: 'number',
  str: 'string',
  bool: 'boolean',
  None: 'void',
  any: 'any',
  Any: 'any',
};

/** Thrown to abandon a statement after its diagnostic is reported. */
export class Unsupported extends Error {}
