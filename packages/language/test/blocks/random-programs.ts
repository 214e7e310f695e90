// Random block programs in the blocks' canonical form (literals as shadows, blocks over their
// default shadows, typed variables), built from the toolbox: the property test checks that
// blocks -> TypeScript -> blocks gives them back.
import type { ApiBlock } from '../../src/blocks/definitions/api-blocks.ts';
import {
  defaultInput,
  handlerReporter,
  literalShadowFor,
  type LiteralShadow,
  literalShadowTypes,
  makeLiteralShadow,
} from '../../src/blocks/definitions/default-values.ts';
import { emptyLedPicture, ledFieldValue } from '../../src/blocks/definitions/led-literal.ts';
import type { BlockNode, BlocksWorkspace, InputNode } from '../../src/blocks/model/blocks-model.ts';
import { chain } from '../../src/blocks/model/blocks-model.ts';
import { inputSpec } from '../../src/blocks/decompile/input-specs.ts';
import { registry } from './harness.ts';

export interface Chooser {
  int(min: number, max: number): number;
}

type ValueType = 'number' | 'string' | 'boolean';

interface Scope {
  readonly depth: number;
  readonly inLoop: boolean;
  readonly inFunction: boolean;
  readonly reporters: readonly { name: string; type: ValueType }[];
}

const variables: readonly { name: string; type: ValueType }[] = [
  { name: 'count', type: 'number' },
  { name: 'total', type: 'number' },
  { name: 'word', type: 'string' },
  { name: 'done', type: 'boolean' },
];
const loopVariables = ['index', 'step'];
const texts = ['', 'a', 'Hello!', 'say "hi"', 'back\\slash', 'two\nlines', 'café ☺', '  spaced  '];
const commentTexts = ['a comment', 'two\nlines', '  indented', 'ends with: ;', 'TODO: x'];

const identity = (id: string) => registry.apiBlock(id);
const metadata = registry.metadata;

function simpleType(type: string): ValueType | undefined {
  return type === 'number' || type === 'string' || type === 'boolean' ? type : undefined;
}

/** API blocks whose arguments the builder can fill: literals, enums, LED pictures, handlers. */
function usable(api: ApiBlock): boolean {
  if (api.fn.kind !== 'function' || api.definition.hidden || api.fn.identity || api.fn.deprecated) return false;
  return api.bindings.every((b) => {
    if (b.kind === 'hidden' || b.kind === 'field' || b.kind === 'leds') return true;
    if (b.kind === 'handler') return true;
    if (b.param.expandable) return true;
    const literal = literalShadowFor(b.param, identity);
    return !!literal && (literal.literal !== 'enum' || !!b.param.enumType || !!literal.enumType);
  });
}

const apiBlocks = [...registry.apiBlocks()].filter(usable);
const statementApis = apiBlocks.filter(
  (b) => b.definition.shape === 'statement' && !b.bindings.some((x) => x.kind === 'handler'),
);
const hatApis = apiBlocks.filter((b) => b.definition.shape === 'hat');
const reporterApis = (type: ValueType) =>
  apiBlocks.filter((b) => b.definition.shape === 'reporter' && b.fn.returnType === type);

export class ProgramBuilder {
  private readonly used = new Set<string>();
  private readonly functions: {
    name: string;
    args: { name: string; type: ValueType; id: string }[];
    returns: boolean;
  }[] = [];

  constructor(private readonly g: Chooser) {}

  private pick<T>(list: readonly T[]): T {
    return list[this.g.int(0, list.length - 1)]!;
  }

  private chance(percent: number): boolean {
    return this.g.int(1, 100) <= percent;
  }

  build(): BlocksWorkspace {
    const blocks: BlockNode[] = [];
    for (let i = this.g.int(0, 2); i > 0; i--) this.declareFunction(i);
    for (const fn of this.functions) {
      const scope: Scope = {
        depth: 0,
        inLoop: false,
        inFunction: true,
        reporters: fn.args.map((a) => ({ name: a.name, type: a.type })),
      };
      const body = this.stack(scope, 3);
      const stack = fn.returns ? [...body, this.returnBlock(scope)] : body;
      blocks.push(
        this.withComment({
          type: 'function_definition',
          mutation: {
            attributes: { name: fn.name, functionid: `id_${fn.name}` },
            children: fn.args.map((a) => ({
              tag: 'arg',
              attributes: { name: a.name, id: a.id, type: a.type },
              children: [],
            })),
          },
          fields: [{ name: 'function_name', value: fn.name }],
          inputs: [{ kind: 'statement', name: 'STACK', ...this.stackInput(stack) }],
        }),
      );
    }
    for (let i = this.g.int(0, 3); i > 0; i--) blocks.push(this.event());
    const onStart = this.stack({ depth: 0, inLoop: false, inFunction: false, reporters: [] }, 4);
    blocks.push({
      type: 'pxt-on-start',
      fields: [],
      inputs: [{ kind: 'statement', name: 'HANDLER', ...this.stackInput(onStart) }],
    });
    const comments = this.chance(20) ? [{ text: this.pick(commentTexts) }] : [];
    return {
      variables: [...this.used].map((name) => ({ name })),
      blocks: blocks.map((b, i) => ({ ...b, x: 0, y: i * 1000 })),
      comments,
    };
  }

  private declareFunction(i: number): void {
    const args: { name: string; type: ValueType; id: string }[] = [];
    const types: ValueType[] = ['number', 'string', 'boolean'];
    for (let a = this.g.int(0, 2); a > 0; a--)
      args.push({ name: `arg${a}`, type: this.pick(types), id: `f${i}_arg${a}` });
    this.functions.push({ name: `task${i}`, args, returns: this.chance(40) });
  }

  private withComment(block: BlockNode): BlockNode {
    return this.chance(15) ? { ...block, comment: { text: this.pick(commentTexts) } } : block;
  }

  private stackInput(blocks: readonly BlockNode[]): { block?: BlockNode } {
    const first = chain(blocks);
    return first ? { block: first } : {};
  }

  private stack(scope: Scope, max: number): BlockNode[] {
    const result: BlockNode[] = [];
    for (let i = this.g.int(0, scope.depth > 2 ? 1 : max); i > 0; i--)
      result.push(this.withComment(this.statement(scope)));
    return result;
  }

  private event(): BlockNode {
    const api = this.pick(hatApis);
    const reporters: { name: string; type: ValueType }[] = [];
    const block = this.apiBlock(api, { depth: 0, inLoop: false, inFunction: false, reporters: [] }, (name, type) =>
      reporters.push({ name, type }),
    );
    const body = this.stack({ depth: 0, inLoop: false, inFunction: false, reporters }, 3);
    return this.withComment({
      ...block,
      inputs: [...block.inputs, { kind: 'statement', name: 'HANDLER', ...this.stackInput(body) }],
    });
  }

  private statement(scope: Scope): BlockNode {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const choice = this.g.int(0, scope.depth > 2 ? 3 : 12);
    switch (choice) {
      case 0:
      case 1: {
        const variable = this.pick(variables);
        this.used.add(variable.name);
        return {
          type: 'variables_set',
          fields: [{ name: 'VAR', value: variable.name }],
          inputs: [this.builtin('variables_set', 'VALUE', variable.type, scope)],
        };
      }
      case 2: {
        const variable = this.pick(variables.filter((v) => v.type === 'number'));
        this.used.add(variable.name);
        return {
          type: 'variables_change',
          fields: [{ name: 'VAR', value: variable.name }],
          inputs: [this.builtin('variables_change', 'VALUE', 'number', scope)],
        };
      }
      case 3:
        return this.apiBlock(this.pick(statementApis), scope);
      case 4: {
        const arms = this.g.int(0, 2);
        const hasElse = this.chance(50);
        const inputs: InputNode[] = [];
        for (let i = 0; i <= arms; i++) {
          inputs.push(this.builtin('controls_if', `IF${i}`, 'boolean', scope));
          inputs.push({ kind: 'statement', name: `DO${i}`, ...this.stackInput(this.stack(inner, 2)) });
        }
        if (hasElse) inputs.push({ kind: 'statement', name: 'ELSE', ...this.stackInput(this.stack(inner, 2)) });
        return {
          type: 'controls_if',
          mutation: { attributes: { elseif: String(arms), else: hasElse ? '1' : '0' }, children: [] },
          fields: [],
          inputs,
        };
      }
      case 5:
        return {
          type: 'controls_repeat_ext',
          fields: [],
          inputs: [
            this.builtin('controls_repeat_ext', 'TIMES', 'number', scope),
            { kind: 'statement', name: 'DO', ...this.stackInput(this.stack({ ...inner, inLoop: true }, 2)) },
          ],
        };
      case 6:
        return {
          type: 'device_while',
          fields: [],
          inputs: [
            this.builtin('device_while', 'COND', 'boolean', scope),
            { kind: 'statement', name: 'DO', ...this.stackInput(this.stack({ ...inner, inLoop: true }, 2)) },
          ],
        };
      case 7:
      case 8: {
        const variable = this.pick(loopVariables);
        this.used.add(variable);
        const forOf = choice === 8;
        const loopScope: Scope = { ...inner, inLoop: true };
        return {
          type: forOf ? 'pxt_controls_for_of' : 'pxt_controls_for',
          fields: [],
          inputs: [
            {
              kind: 'value',
              name: 'VAR',
              shadow: {
                type: 'variables_get_reporter',
                shadow: true,
                fields: [{ name: 'VAR', value: variable }],
                inputs: [],
              },
            },
            forOf
              ? { kind: 'value', name: 'LIST', block: this.list() }
              : this.builtin('pxt_controls_for', 'TO', 'number', scope),
            { kind: 'statement', name: 'DO', ...this.stackInput(this.stack(loopScope, 2)) },
          ],
        };
      }
      case 9:
        if (scope.inLoop)
          return { type: this.chance(50) ? 'break_keyword' : 'continue_keyword', fields: [], inputs: [] };
        return this.apiBlock(this.pick(statementApis), scope);
      case 10:
        if (this.functions.length > 0) return this.functionCall(this.pick(this.functions), scope, true);
        return this.apiBlock(this.pick(statementApis), scope);
      case 11:
        if (scope.inFunction) return this.returnBlock(scope);
        return this.apiBlock(this.pick(statementApis), scope);
      default:
        return this.apiBlock(this.pick(statementApis), scope);
    }
  }

  private returnBlock(scope: Scope): BlockNode {
    return {
      type: 'function_return',
      fields: [],
      inputs: [this.builtin('function_return', 'RETURN_VALUE', 'number', scope)],
    };
  }

  private list(): BlockNode {
    const count = this.g.int(0, 3);
    const inputs: InputNode[] = [];
    for (let i = 0; i < count; i++) {
      inputs.push({
        kind: 'value',
        name: `ADD${i}`,
        shadow: makeLiteralShadow(literalShadowTypes['math_number']!, String(this.g.int(-5, 20))),
      });
    }
    return {
      type: 'lists_create_with',
      mutation: { attributes: { items: String(count) }, children: [] },
      fields: [],
      inputs,
    };
  }

  private functionCall(fn: ProgramBuilder['functions'][number], scope: Scope, statement: boolean): BlockNode {
    return {
      type: statement ? 'function_call' : 'function_call_output',
      mutation: {
        attributes: { name: fn.name, functionid: `id_${fn.name}` },
        children: fn.args.map((a) => ({
          tag: 'arg',
          attributes: { name: a.name, id: a.id, type: a.type },
          children: [],
        })),
      },
      fields: [],
      inputs: fn.args.map((a) => this.natural(a.id, a.type, scope)),
    };
  }

  private literal(type: ValueType): string {
    if (type === 'number') return this.pick(['0', '1', '-3', '42', '2.5', '1000', String(this.g.int(-100, 100))]);
    if (type === 'string') return this.pick(texts);
    return this.chance(50) ? 'TRUE' : 'FALSE';
  }

  private literalShadowType(type: ValueType): LiteralShadow {
    return literalShadowTypes[type === 'number' ? 'math_number' : type === 'string' ? 'text' : 'logic_boolean']!;
  }

  /** An input of a built-in block, following the decompiler's input specs. */
  private builtin(blockType: string, name: string, type: ValueType, scope: Scope): InputNode {
    const spec = inputSpec(blockType, name);
    if (spec.kind === 'typed') {
      if (this.chance(50) || scope.depth > 3)
        return { kind: 'value', name, shadow: makeLiteralShadow(spec.shadow, this.literal(type)) };
      return {
        kind: 'value',
        name,
        shadow: makeLiteralShadow(spec.shadow, spec.covered),
        block: this.expression(type, scope),
      };
    }
    return this.natural(
      name,
      type,
      scope,
      spec.covered ? makeLiteralShadow(spec.covered.shadow, spec.covered.value) : undefined,
    );
  }

  private natural(name: string, type: ValueType, scope: Scope, covered?: BlockNode): InputNode {
    if (this.chance(50) || scope.depth > 3)
      return { kind: 'value', name, shadow: makeLiteralShadow(this.literalShadowType(type), this.literal(type)) };
    return { kind: 'value', name, ...(covered ? { shadow: covered } : {}), block: this.expression(type, scope) };
  }

  private expression(type: ValueType, scope: Scope): BlockNode {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const variable = () => {
      const candidates = variables.filter((v) => v.type === type);
      const reporter = scope.reporters.filter((r) => r.type === type);
      if (reporter.length > 0 && this.chance(40)) {
        const r = this.pick(reporter);
        return handlerReporterBlock(r.name, r.type);
      }
      const v = this.pick(candidates);
      this.used.add(v.name);
      return { type: 'variables_get', fields: [{ name: 'VAR', value: v.name }], inputs: [] } as BlockNode;
    };
    const choice = this.g.int(0, scope.depth > 2 ? 1 : 6);
    if (choice <= 1) return variable();
    if (type === 'number') {
      switch (choice) {
        case 2:
          return {
            type: 'math_arithmetic',
            fields: [{ name: 'OP', value: this.pick(['ADD', 'MINUS', 'MULTIPLY', 'DIVIDE', 'POWER']) }],
            inputs: [
              this.builtin('math_arithmetic', 'A', 'number', inner),
              this.builtin('math_arithmetic', 'B', 'number', inner),
            ],
          };
        case 3:
          return this.pick([
            () => ({
              type: 'math_modulo',
              fields: [],
              inputs: [
                this.builtin('math_modulo', 'DIVIDEND', 'number', inner),
                this.builtin('math_modulo', 'DIVISOR', 'number', inner),
              ],
            }),
            () => ({
              type: 'math_op2',
              fields: [{ name: 'op', value: this.pick(['min', 'max']) }],
              inputs: [this.builtin('math_op2', 'x', 'number', inner), this.builtin('math_op2', 'y', 'number', inner)],
            }),
            () => ({ type: 'math_op3', fields: [], inputs: [this.builtin('math_op3', 'x', 'number', inner)] }),
            () => ({
              type: 'math_js_round',
              fields: [{ name: 'OP', value: this.pick(['round', 'ceil', 'floor', 'trunc']) }],
              inputs: [this.builtin('math_js_round', 'ARG0', 'number', inner)],
            }),
            () => {
              const op = this.pick(['sqrt', 'sin', 'atan2', 'idiv', 'imul']);
              const kind = op === 'atan2' ? 'binary' : op === 'idiv' || op === 'imul' ? 'infix' : 'unary';
              const inputs = [this.builtin('math_js_op', 'ARG0', 'number', inner)];
              if (kind !== 'unary') inputs.push(this.builtin('math_js_op', 'ARG1', 'number', inner));
              return {
                type: 'math_js_op',
                mutation: { attributes: { 'op-type': kind }, children: [] },
                fields: [{ name: 'OP', value: op }],
                inputs,
              };
            },
          ])();
        case 4:
          return { type: 'text_length', fields: [], inputs: [this.builtin('text_length', 'VALUE', 'string', inner)] };
        case 5:
          if (this.functions.some((f) => f.returns) && this.chance(50)) {
            return this.functionCall(this.pick(this.functions.filter((f) => f.returns)), inner, false);
          }
          return this.apiReporter('number', inner) ?? variable();
        default:
          return this.apiReporter('number', inner) ?? variable();
      }
    }
    if (type === 'boolean') {
      switch (choice) {
        case 2:
          return {
            type: 'logic_compare',
            fields: [{ name: 'OP', value: this.pick(['EQ', 'NEQ', 'LT', 'LTE', 'GT', 'GTE']) }],
            inputs: [
              this.natural('A', 'number', inner, makeLiteralShadow(literalShadowTypes['math_number']!, '0')),
              this.natural('B', 'number', inner, makeLiteralShadow(literalShadowTypes['math_number']!, '0')),
            ],
          };
        case 3:
          return {
            type: 'logic_operation',
            fields: [{ name: 'OP', value: this.pick(['AND', 'OR']) }],
            inputs: [
              this.builtin('logic_operation', 'A', 'boolean', inner),
              this.builtin('logic_operation', 'B', 'boolean', inner),
            ],
          };
        case 4:
          return { type: 'logic_negate', fields: [], inputs: [this.builtin('logic_negate', 'BOOL', 'boolean', inner)] };
        default:
          return this.apiReporter('boolean', inner) ?? variable();
      }
    }
    if (choice <= 4) {
      const count = this.g.int(2, 3);
      const inputs: InputNode[] = [];
      for (let i = 0; i < count; i++) {
        inputs.push(
          this.natural(
            `ADD${i}`,
            this.pick(['number', 'string', 'string'] as const),
            inner,
            makeLiteralShadow(literalShadowTypes['text']!, ''),
          ),
        );
      }
      return {
        type: 'text_join',
        mutation: { attributes: { items: String(count) }, children: [] },
        fields: [],
        inputs,
      };
    }
    return this.apiReporter('string', inner) ?? variable();
  }

  private apiReporter(type: ValueType, scope: Scope): BlockNode | undefined {
    const candidates = reporterApis(type);
    if (candidates.length === 0) return undefined;
    return this.apiBlock(this.pick(candidates), scope);
  }

  /** An API block with random arguments (the handler input is added by the caller). */
  private apiBlock(api: ApiBlock, scope: Scope, onHandlerArg?: (name: string, type: ValueType) => void): BlockNode {
    const inputs: InputNode[] = [];
    const fields: BlockNode['fields'][number][] = [];
    for (const binding of api.bindings) {
      const { param } = binding;
      if (binding.kind === 'field') {
        const options = binding.options ?? [];
        if (options.length > 0) fields.push({ name: binding.name!, value: this.pick(options)[1] });
        else fields.push({ name: binding.name!, value: param.defaultValue ?? '0' });
      } else if (binding.kind === 'leds') {
        const size = api.fn.imageLiteral!;
        const picture = emptyLedPicture(size.rows, size.columns);
        const cells = picture.cells.map(() => this.chance(30));
        fields.push({ name: 'LEDS', value: ledFieldValue({ ...picture, cells }) });
      } else if (binding.kind === 'input' && !param.expandable) {
        const literal = literalShadowFor(param, identity)!;
        const valueType = literal.literal === 'enum' ? undefined : (simpleType(param.type) ?? 'number');
        if (!valueType || this.chance(60) || scope.depth > 2) {
          const value = literal.literal === 'enum' ? this.enumValue(literal) : this.literal(valueType ?? 'number');
          inputs.push({ kind: 'value', name: binding.name!, shadow: makeLiteralShadow(literal, value) });
        } else {
          const covered = defaultInput(param, identity, metadata).shadow;
          inputs.push({
            kind: 'value',
            name: binding.name!,
            ...(covered ? { shadow: covered } : {}),
            block: this.expression(valueType, scope),
          });
        }
      } else if (binding.kind === 'handler' && api.definition.handlerArgs) {
        for (const arg of api.definition.handlerArgs) {
          const argType = simpleType(arg.type);
          if (argType) onHandlerArg?.(arg.name, argType);
          inputs.push({
            kind: 'value',
            name: `HANDLER_DRAG_PARAM_${arg.name}`,
            shadow: handlerReporter(arg.name, arg.type),
          });
        }
      }
    }
    return {
      type: api.blockId,
      ...(api.definition.expandable
        ? { mutation: { attributes: { _expanded: '0', _input_init: 'false' }, children: [] } }
        : {}),
      fields,
      inputs,
    };
  }

  private enumValue(literal: LiteralShadow): string {
    const members = literal.enumType ? (metadata.enums[literal.enumType]?.members ?? []) : [];
    return members.length > 0 ? this.pick(members).qName : '';
  }
}

function handlerReporterBlock(name: string, type: ValueType): BlockNode {
  const shadow = handlerReporter(name, type);
  return { ...shadow, shadow: false };
}
