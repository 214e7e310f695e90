// Blocks -> TypeScript expressions: literals, variables, operators with the fewest parentheses
// that keep the meaning, built-in reporters and API calls. Written straight into the CodeWriter
// so every block's code gets a source range.

import { own } from '../api/own.ts';
import type { ApiBlock, ParamBinding } from '../definitions/api-blocks.ts';
import { isArrayType } from '../definitions/api-blocks.ts';
import { defaultArgumentText } from '../definitions/default-values.ts';
import type { BlockRegistry } from '../definitions/block-registry.ts';
import { FUNCTION_CALL_OUTPUT, GREY_EXPRESSION, mathFunctions } from '../definitions/builtin-blocks.ts';
import { emptyLedPicture, ledCodeLiteral, parseLedPicture } from '../definitions/led-literal.ts';
import { EMPTY_SONG_LITERAL, isSongLiteral } from '../definitions/song-literal.ts';
import { type BlockNode, fieldValue, findInput } from '../model/blocks-model.ts';
import type { CodeWriter } from './code-writer.ts';
import type { TypeInference } from './expression-types.ts';
import type { VariablePlan } from './variable-plan.ts';

/** Operator precedence, as in JavaScript (higher binds tighter). */
export const Prec = {
  assignment: 2,
  conditional: 3,
  or: 4,
  and: 5,
  equality: 9,
  relational: 10,
  additive: 12,
  multiplicative: 13,
  exponent: 14,
  unary: 15,
  member: 19,
  primary: 20,
} as const;

const arithmetic: Readonly<Record<string, readonly [string, number]>> = {
  ADD: ['+', Prec.additive],
  MINUS: ['-', Prec.additive],
  MULTIPLY: ['*', Prec.multiplicative],
  DIVIDE: ['/', Prec.multiplicative],
  POWER: ['**', Prec.exponent],
};
const comparison: Readonly<Record<string, readonly [string, number]>> = {
  EQ: ['==', Prec.equality],
  NEQ: ['!=', Prec.equality],
  LT: ['<', Prec.relational],
  LTE: ['<=', Prec.relational],
  GT: ['>', Prec.relational],
  GTE: ['>=', Prec.relational],
};
const logical: Readonly<Record<string, readonly [string, number]>> = {
  AND: ['&&', Prec.and],
  OR: ['||', Prec.or],
};

const numericLiteral =
  /^-?(?:0[xX][\da-fA-F](?:_?[\da-fA-F])*|0[bB][01](?:_?[01])*|0[oO][0-7](?:_?[0-7])*|(?:0|[1-9](?:_?\d)*)(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d+)?|\.\d(?:_?\d)*(?:[eE][+-]?\d+)?)$/;

export interface GeneratorDiagnostic {
  readonly blockId?: string;
  readonly kind: 'missing-input' | 'unknown-block' | 'disconnected' | 'disabled' | 'bad-value';
  readonly message: string;
}

export interface FunctionInfo {
  readonly name: string;
  readonly args: readonly { readonly name: string; readonly type: string; readonly id: string }[];
}

export abstract class ExpressionEmitter {
  readonly diagnostics: GeneratorDiagnostic[] = [];

  constructor(
    protected readonly registry: BlockRegistry,
    protected readonly out: CodeWriter,
    protected readonly types: TypeInference,
    protected readonly plan: VariablePlan,
    protected readonly functions: ReadonlyMap<string, FunctionInfo>,
  ) {}

  /** Writes a callback argument (`function (x) { ... }`); statements live in the generator. */
  protected abstract handler(block: BlockNode, api: ApiBlock, binding: ParamBinding): void;

  protected variable(name: string): string {
    return this.plan.identifiers.get(name) ?? name;
  }

  /** Writes `block` as an expression, in parentheses when its precedence is below `min`. */
  expression(block: BlockNode | undefined, min: number, expected?: string, owner?: BlockNode): void {
    if (!block) {
      this.placeholder(expected, owner);
      return;
    }
    const prec = this.precedence(block);
    const parens = prec < min || (block.type === 'text_join' && min > Prec.assignment && prec === Prec.additive);
    const start = this.out.nextOffset();
    if (parens) this.out.write('(');
    this.expressionCore(block);
    if (parens) this.out.write(')');
    this.out.span(block.id, start);
  }

  /** Writes the value of an input: the block plugged in, else its shadow. */
  protected input(block: BlockNode, name: string, min: number, expected?: string): void {
    const input = findInput(block, name);
    this.expression(input?.block ?? input?.shadow, min, expected, block);
  }

  private placeholder(expected: string | undefined, owner: BlockNode | undefined): void {
    this.diagnostics.push({
      ...(owner?.id ? { blockId: owner.id } : {}),
      kind: 'missing-input',
      message: `A block is missing an input${owner ? ` (${owner.type})` : ''}.`,
    });
    if (expected === 'string') this.out.write('""');
    else if (expected === 'boolean') this.out.write('false');
    else if (expected && isArrayType(expected)) this.out.write('[]');
    else if (expected && expected !== 'number' && expected !== 'any') this.out.write('null');
    else this.out.write('0');
  }

  precedence(block: BlockNode): number {
    switch (block.type) {
      case 'math_number':
      case 'math_integer':
      case 'math_whole_number':
      case 'math_number_minmax':
        return this.numberText(block).startsWith('-') ? Prec.unary : Prec.primary;
      case 'math_arithmetic':
        return own(arithmetic, fieldValue(block, 'OP') ?? 'ADD')?.[1] ?? Prec.additive;
      case 'math_modulo':
        return Prec.multiplicative;
      case 'logic_compare':
        return own(comparison, fieldValue(block, 'OP') ?? 'EQ')?.[1] ?? Prec.equality;
      case 'logic_operation':
        return own(logical, fieldValue(block, 'OP') ?? 'AND')?.[1] ?? Prec.and;
      case 'logic_negate':
        return Prec.unary;
      case 'text_join':
        return joinWritesPlus(block) ? Prec.additive : Prec.primary;
      case GREY_EXPRESSION:
        return 0;
      default: {
        const api = this.registry.apiBlock(block.type);
        if (api?.fn.identity) {
          const binding = api.bindings.find((b) => b.kind === 'field');
          const value = binding?.name ? (fieldValue(block, binding.name) ?? '') : '';
          return value.trim().startsWith('-') ? Prec.unary : Prec.primary;
        }
        return Prec.primary;
      }
    }
  }

  private expressionCore(block: BlockNode): void {
    const out = this.out;
    switch (block.type) {
      case 'math_number':
      case 'math_integer':
      case 'math_whole_number':
      case 'math_number_minmax':
        out.write(this.numberText(block));
        return;
      case 'text':
        out.write(JSON.stringify(fieldValue(block, 'TEXT') ?? ''));
        return;
      case 'logic_boolean':
        out.write(fieldValue(block, 'BOOL') === 'FALSE' ? 'false' : 'true');
        return;
      case 'variables_get':
      case 'variables_get_reporter':
        out.write(this.variable(fieldValue(block, 'VAR') ?? 'item'));
        return;
      case 'math_arithmetic':
        this.binary(block, own(arithmetic, fieldValue(block, 'OP') ?? 'ADD') ?? arithmetic['ADD']!, 'A', 'B', 'number');
        return;
      case 'math_modulo':
        this.binary(block, ['%', Prec.multiplicative], 'DIVIDEND', 'DIVISOR', 'number');
        return;
      case 'logic_compare':
        this.binary(block, own(comparison, fieldValue(block, 'OP') ?? 'EQ') ?? comparison['EQ']!, 'A', 'B', 'number');
        return;
      case 'logic_operation':
        this.binary(block, own(logical, fieldValue(block, 'OP') ?? 'AND') ?? logical['AND']!, 'A', 'B', 'boolean');
        return;
      case 'logic_negate':
        out.write('!');
        this.input(block, 'BOOL', Prec.unary, 'boolean');
        return;
      case 'math_op2':
        this.mathCall(block, fieldValue(block, 'op') === 'max' ? 'max' : 'min', ['x', 'y']);
        return;
      case 'math_op3':
        this.mathCall(block, 'abs', ['x']);
        return;
      case 'math_js_op': {
        const op = fieldValue(block, 'OP') ?? 'sqrt';
        const unary = (mathFunctions.unary as readonly string[]).includes(op);
        this.mathCall(block, op, unary ? ['ARG0'] : ['ARG0', 'ARG1']);
        return;
      }
      case 'math_js_round':
        this.mathCall(block, fieldValue(block, 'OP') ?? 'round', ['ARG0']);
        return;
      case 'text_join':
        this.textJoin(block);
        return;
      case 'text_length':
      case 'lists_length':
        this.input(block, 'VALUE', Prec.member, block.type === 'text_length' ? 'string' : 'any[]');
        out.write('.length');
        return;
      case 'lists_create_with': {
        out.write('[');
        const count = itemCount(block);
        for (let i = 0; i < count; i++) {
          if (i > 0) out.write(', ');
          this.input(block, `ADD${i}`, Prec.assignment);
        }
        out.write(']');
        return;
      }
      case 'lists_index_get':
        this.input(block, 'LIST', Prec.member, 'any[]');
        out.write('[');
        this.input(block, 'INDEX', Prec.assignment, 'number');
        out.write(']');
        return;
      case FUNCTION_CALL_OUTPUT:
        this.functionCall(block);
        return;
      case GREY_EXPRESSION:
        out.write(fieldValue(block, 'EXPRESSION') ?? '');
        return;
      default:
        if (block.type.startsWith('argument_reporter_')) {
          out.write(fieldValue(block, 'VALUE') ?? 'x');
          return;
        }
        this.apiExpression(block);
    }
  }

  private apiExpression(block: BlockNode): void {
    const api = this.registry.apiBlock(block.type);
    const only = block.fields.length === 1 && block.inputs.length === 0 ? block.fields[0]!.value.trim() : undefined;
    if (!api && block.shadow && only !== undefined) {
      // A value shadow this library does not define (MakeCode's `timePicker`, `device_note`):
      // its one field is the value.
      if (numericLiteral.test(only)) this.out.write(only);
      else if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(only)) this.out.write(only);
      else this.out.write(JSON.stringify(block.fields[0]!.value));
      return;
    }
    if (!api) {
      this.diagnostics.push({
        ...(block.id ? { blockId: block.id } : {}),
        kind: 'unknown-block',
        message: `Unknown block "${block.type}": it has no code.`,
      });
      this.out.write('0');
      return;
    }
    if (api.fn.identity) {
      const binding = api.bindings.find((b) => b.kind === 'field' || b.kind === 'input');
      if (binding) this.argument(block, api, binding);
      else this.out.write('0');
      return;
    }
    this.call(block, api);
  }

  private binary(
    block: BlockNode,
    [op, prec]: readonly [string, number],
    left: string,
    right: string,
    type: string,
  ): void {
    const power = op === '**';
    this.input(block, left, power ? Prec.unary + 1 : prec, type);
    this.out.write(` ${op} `);
    this.input(block, right, power ? prec : prec + 1, type);
  }

  private mathCall(block: BlockNode, name: string, inputs: readonly string[]): void {
    this.out.write(`Math.${name}(`);
    inputs.forEach((input, i) => {
      if (i > 0) this.out.write(', ');
      this.input(block, input, Prec.assignment, 'number');
    });
    this.out.write(')');
  }

  /** `"" + a + b`: the empty text first unless the first item is a non-empty text literal. */
  private textJoin(block: BlockNode): void {
    const count = joinItemCount(block);
    const first = findInput(block, 'ADD0');
    const firstBlock = first?.block ?? first?.shadow;
    if (count === 0) {
      this.out.write('""');
      return;
    }
    const firstIsText = !!firstBlock && firstBlock.type === 'text' && (fieldValue(firstBlock, 'TEXT') ?? '') !== '';
    // One text alone is still a join: `"" + "hi"` is a string, where `"hi"` alone would be the
    // literal type "hi", and TypeScript refuses `"x" == "hi"` (the two types have no overlap).
    if (!firstIsText || count === 1) this.out.write('"" + ');
    for (let i = 0; i < count; i++) {
      if (i > 0) this.out.write(' + ');
      this.input(block, `ADD${i}`, Prec.additive + 1, 'string');
    }
  }

  protected functionCall(block: BlockNode): void {
    const name = block.mutation?.attributes['name'] ?? '';
    const info = this.functions.get(name);
    const args = info?.args ?? argsOf(block);
    this.out.write(`${name}(`);
    args.forEach((arg, i) => {
      if (i > 0) this.out.write(', ');
      this.input(block, arg.id, Prec.assignment, arg.type === 'Array' ? 'any[]' : arg.type);
    });
    this.out.write(')');
  }

  /** A call of an API function: `ns.f(args)`, `receiver.method(args)` or `receiver.property`. */
  protected call(block: BlockNode, api: ApiBlock): void {
    const fn = api.fn;
    if (fn.kind !== 'function' && fn.receiver) {
      const instance = block.fields.find((f) => f.name === fn.receiver!.blockName);
      if (instance) this.out.write(instance.value);
      else this.input(block, fn.receiver.blockName, Prec.member, fn.owner === 'String' ? 'string' : 'any[]');
      // A statement alias (`_popStatement`) calls the function it stands for (`pop`).
      const aliasFor = fn.attributes['blockAliasFor']?.replace(/^"(.*)"$/, '$1');
      this.out.write(`.${aliasFor ? aliasFor.slice(aliasFor.lastIndexOf('.') + 1) : fn.name}`);
      if (fn.kind === 'property') return;
    } else {
      this.out.write(fn.qName);
    }
    this.out.write('(');
    const shown = this.shownBindings(block, api);
    shown.forEach((binding, i) => {
      if (i > 0) this.out.write(', ');
      if (binding.show) this.argument(block, api, binding.binding);
      else
        this.out.write(
          defaultArgumentText(binding.binding, (id) => this.registry.apiBlock(id), this.registry.metadata),
        );
    });
    this.out.write(')');
  }

  /**
   * The arguments to write: what the block shows from its inputs, and for parameters it does not
   * show, their default value where code needs one (a required parameter, or one before a shown
   * one); optional ones at the end are left out.
   */
  private shownBindings(block: BlockNode, api: ApiBlock): { binding: ParamBinding; show: boolean; needed: boolean }[] {
    const expanded = Number(block.mutation?.attributes['_expanded'] ?? 0) || 0;
    const visible = new Set(api.definition.expandable?.inputs.slice(0, expanded) ?? []);
    const compileHidden = api.fn.attributes['compileHiddenArguments'] === 'true';
    const written = api.bindings.map((binding) => {
      if (binding.kind === 'hidden') return { binding, show: false, needed: !binding.param.optional };
      if (binding.kind === 'input' && binding.param.expandable && !visible.has(binding.name!)) {
        const present = compileHidden && !!findInput(block, binding.name!);
        return { binding, show: present, needed: present || !binding.param.optional };
      }
      return { binding, show: true, needed: true };
    });
    while (written.length > 0 && !written[written.length - 1]!.needed) written.pop();
    return written;
  }

  protected argument(block: BlockNode, api: ApiBlock, binding: ParamBinding): void {
    const { param } = binding;
    switch (binding.kind) {
      case 'handler':
        this.handler(block, api, binding);
        return;
      case 'leds': {
        const size = api.fn.imageLiteral ?? { rows: 5, columns: 5 };
        const text = fieldValue(block, 'LEDS') ?? '';
        let picture = parseLedPicture(text, size.rows, size.columns);
        if (!picture) {
          this.diagnostics.push({
            ...(block.id ? { blockId: block.id } : {}),
            kind: 'bad-value',
            message: `The LED picture of a "${block.type}" block is not ${size.columns} by ${size.rows}.`,
          });
          picture = emptyLedPicture(size.rows, size.columns);
        }
        this.out.write(ledCodeLiteral(picture, this.out.indentation));
        return;
      }
      case 'field': {
        const value = fieldValue(block, binding.name ?? '') ?? '';
        if (binding.editor === 'song') {
          if (isSongLiteral(value)) this.out.write(value.trim());
          else {
            this.diagnostics.push({
              ...(block.id ? { blockId: block.id } : {}),
              kind: 'bad-value',
              message: `The song of a "${block.type}" block is not a hex\`…\` song literal.`,
            });
            this.out.write(EMPTY_SONG_LITERAL);
          }
        } else if (param.enumType || binding.options) {
          this.out.write(own(this.registry.metadata.enumConstants, value) ?? value);
        } else if (param.type === 'string') this.out.write(JSON.stringify(value));
        else if (param.type === 'boolean') this.out.write(value === 'TRUE' || value === 'true' ? 'true' : 'false');
        else this.out.write(numericLiteral.test(value.trim()) ? value.trim() : String(Number(value) || 0));
        return;
      }
      case 'input': {
        const name = binding.name ?? '';
        const input = findInput(block, name);
        const target = input?.block ?? input?.shadow;
        if (param.shadowOptions['toString'] === 'true' && target && this.types.typeOf(target) !== 'string') {
          this.out.write('"" + ');
          this.expression(target, Prec.additive + 1, param.type, block);
          return;
        }
        this.expression(target, Prec.assignment, param.enumType ? 'number' : param.type, block);
        return;
      }
      default:
        this.out.write('undefined');
    }
  }

  private numberText(block: BlockNode): string {
    const raw = (fieldValue(block, block.type === 'math_number_minmax' ? 'SLIDER' : 'NUM') ?? '').trim();
    if (numericLiteral.test(raw) && !/^-?0\d/.test(raw)) return raw;
    const n = Number(raw);
    if (raw !== '' && Number.isFinite(n)) return String(n);
    this.diagnostics.push({
      ...(block.id ? { blockId: block.id } : {}),
      kind: 'bad-value',
      message: `"${raw}" is not a number.`,
    });
    return '0';
  }
}

function itemCount(block: BlockNode): number {
  const items = Number(block.mutation?.attributes['items']);
  if (Number.isInteger(items) && items >= 0) return items;
  return block.inputs.filter((i) => /^ADD\d+$/.test(i.name)).length;
}

function joinItemCount(block: BlockNode): number {
  return itemCount(block);
}

/** A join is written with `+` unless it is one non-empty text (or nothing). */
function joinWritesPlus(block: BlockNode): boolean {
  return itemCount(block) > 0;
}

/** Function arguments from a call or definition mutation (`<arg name type id>`). */
export function argsOf(block: BlockNode): { name: string; type: string; id: string }[] {
  return (block.mutation?.children ?? [])
    .filter((c) => c.tag.toLowerCase() === 'arg')
    .map((c) => ({
      name: c.attributes['name'] ?? '',
      type: c.attributes['type'] ?? 'number',
      id: c.attributes['id'] ?? c.attributes['name'] ?? '',
    }));
}
