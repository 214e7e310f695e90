// TypeScript expressions -> reporter blocks: literals become shadows, variables and parameters
// their reporters, operators MakeCode's operator blocks, calls the API's blocks. Anything else
// throws NotBlocks and the enclosing statement becomes grey code.

import type ts from 'typescript';
import { isFlagSet } from '../../annotations/parse-annotations.ts';
import type { ApiParameter } from '../api/api-metadata.ts';
import { own } from '../api/own.ts';
import type { ApiBlock, ParamBinding } from '../definitions/api-blocks.ts';
import type { OutputCheck } from '../definitions/block-definition.ts';
import { mathFunctions, roundingFunctions } from '../definitions/builtin-blocks.ts';
import {
  defaultArgumentText,
  defaultInput,
  defaultLiteralText,
  expandedCount,
  type LiteralShadow,
  literalShadowFor,
  literalShadowTypes,
  makeLiteralShadow,
} from '../definitions/default-values.ts';
import { ledFieldValue, parseLedPicture } from '../definitions/led-literal.ts';
import { isSongLiteral } from '../definitions/song-literal.ts';
import type { BlockNode, FieldNode, InputNode } from '../model/blocks-model.ts';
import {
  type DecompileContext,
  isArrayTypeAt,
  isStringType,
  libraryName,
  makeBlock,
  mutation,
  NotBlocks,
  symbolAt,
  unwrap,
  variableField,
} from './decompile-context.ts';
import { inputSpec } from './input-specs.ts';

const arithmeticOps: Readonly<Record<string, string>> = {
  '+': 'ADD',
  '-': 'MINUS',
  '*': 'MULTIPLY',
  '/': 'DIVIDE',
  '**': 'POWER',
};
const compareOps: Readonly<Record<string, string>> = {
  '==': 'EQ',
  '===': 'EQ',
  '!=': 'NEQ',
  '!==': 'NEQ',
  '<': 'LT',
  '<=': 'LTE',
  '>': 'GT',
  '>=': 'GTE',
};
const logicOps: Readonly<Record<string, string>> = { '&&': 'AND', '||': 'OR' };

interface Literal {
  readonly kind: 'number' | 'string' | 'boolean';
  /** Field text: the number as written, the decoded string, TRUE/FALSE. */
  readonly text: string;
}

export abstract class ExpressionConverter {
  constructor(protected readonly context: DecompileContext) {}

  /** Converts a callback passed to an event or other API function into its statement input. */
  protected abstract handlerInputs(
    node: ts.Expression,
    api: ApiBlock,
    param: ApiParameter,
  ): { inputs: InputNode[]; fields: FieldNode[] };

  protected get ts(): typeof ts {
    return this.context.tsApi;
  }

  protected literal(node: ts.Expression): Literal | undefined {
    const tsApi = this.ts;
    const expr = unwrap(tsApi, node);
    if (tsApi.isNumericLiteral(expr)) return { kind: 'number', text: expr.getText() };
    if (
      tsApi.isPrefixUnaryExpression(expr) &&
      expr.operator === tsApi.SyntaxKind.MinusToken &&
      tsApi.isNumericLiteral(expr.operand)
    ) {
      return { kind: 'number', text: `-${expr.operand.getText()}` };
    }
    if (tsApi.isStringLiteral(expr) || tsApi.isNoSubstitutionTemplateLiteral(expr))
      return { kind: 'string', text: expr.text };
    if (expr.kind === tsApi.SyntaxKind.TrueKeyword) return { kind: 'boolean', text: 'TRUE' };
    if (expr.kind === tsApi.SyntaxKind.FalseKeyword) return { kind: 'boolean', text: 'FALSE' };
    return undefined;
  }

  private naturalShadow(literal: Literal): BlockNode {
    const shadow =
      literalShadowTypes[
        literal.kind === 'number' ? 'math_number' : literal.kind === 'string' ? 'text' : 'logic_boolean'
      ]!;
    return this.shadow(shadow, literal.text);
  }

  protected shadow(shadow: LiteralShadow, value: string): BlockNode {
    return { ...makeLiteralShadow(shadow, value), id: this.context.nextId() };
  }

  /** The input `name` of a built-in block holding `node`, checked against the input's type. */
  protected builtinInput(
    blockType: string,
    name: string,
    node: ts.Expression,
    check?: OutputCheck | readonly OutputCheck[],
  ): InputNode {
    const spec = inputSpec(blockType, name);
    const literal = this.literal(node);
    if (spec.kind === 'typed') {
      if (literal && literal.kind === spec.shadow.literal) {
        return { kind: 'value', name, shadow: this.shadow(spec.shadow, literal.text) };
      }
      const block = this.expression(node);
      this.requireCompatible(block, check);
      return { kind: 'value', name, shadow: this.shadow(spec.shadow, spec.covered), block };
    }
    if (literal) {
      const shadow = this.naturalShadow(literal);
      this.requireCompatible(shadow, check);
      return { kind: 'value', name, shadow };
    }
    const block = this.expression(node);
    this.requireCompatible(block, check);
    return {
      kind: 'value',
      name,
      ...(spec.covered ? { shadow: this.shadow(spec.covered.shadow, spec.covered.value) } : {}),
      block,
    };
  }

  /** Blockly refuses to connect a block whose output type the input does not accept. */
  protected requireCompatible(block: BlockNode, check: OutputCheck | readonly OutputCheck[] | undefined): void {
    if (!check) return;
    const output = this.outputOf(block);
    if (output === null || output === undefined) return;
    const wanted = typeof check === 'string' ? [check] : check;
    const offered = typeof output === 'string' ? [output] : output;
    if (!offered.some((o) => wanted.includes(o))) {
      throw new NotBlocks(`a ${offered.join('/')} value cannot go where ${wanted.join('/')} is expected`);
    }
  }

  private outputOf(block: BlockNode): OutputCheck | readonly OutputCheck[] | null | undefined {
    if (block.type === 'argument_reporter_custom') return block.mutation?.attributes['typename'] ?? null;
    const definition = this.context.registry.definition(block.type);
    if (!definition || definition.shape !== 'reporter') {
      throw new NotBlocks(`"${block.type}" is not a value`);
    }
    return definition.output;
  }

  protected inputCheck(blockType: string, name: string): OutputCheck | readonly OutputCheck[] | undefined {
    for (const line of this.context.registry.definition(blockType)?.lines ?? []) {
      for (const arg of line.args) {
        if ((arg.type === 'input_value' || arg.type === 'input_statement') && arg.name === name) return arg.check;
      }
    }
    return undefined;
  }

  /** A reporter block for an expression. */
  expression(node: ts.Expression): BlockNode {
    const tsApi = this.ts;
    const expr = unwrap(tsApi, node);
    const literal = this.literal(expr);
    if (literal) {
      const type = literal.kind === 'number' ? 'math_number' : literal.kind === 'string' ? 'text' : 'logic_boolean';
      const field = literal.kind === 'number' ? 'NUM' : literal.kind === 'string' ? 'TEXT' : 'BOOL';
      return makeBlock(this.context, type, { fields: [{ name: field, value: literal.text }] });
    }
    if (tsApi.isIdentifier(expr)) return this.identifier(expr);
    if (tsApi.isBinaryExpression(expr)) return this.binary(expr);
    if (tsApi.isPrefixUnaryExpression(expr)) return this.prefixUnary(expr);
    if (tsApi.isCallExpression(expr)) return this.callExpression(expr, false);
    if (tsApi.isPropertyAccessExpression(expr)) return this.propertyAccess(expr);
    if (tsApi.isElementAccessExpression(expr)) {
      // A text indexed like a list reads one character, with the list block as in MakeCode.
      const isText = !!(this.context.checker.getTypeAtLocation(expr.expression).flags & tsApi.TypeFlags.StringLike);
      if (!isText && !isArrayTypeAt(this.context, expr.expression)) {
        throw new NotBlocks('only lists and texts can be indexed in blocks');
      }
      return this.withInputs('lists_index_get', [
        ['LIST', expr.expression],
        ['INDEX', expr.argumentExpression],
      ]);
    }
    if (tsApi.isArrayLiteralExpression(expr)) {
      if (expr.elements.some((e) => tsApi.isSpreadElement(e) || tsApi.isOmittedExpression(e))) {
        throw new NotBlocks('spread and holes in arrays have no blocks');
      }
      const inputs = expr.elements.map((element, i) => this.builtinInput('lists_create_with', `ADD${i}`, element));
      return makeBlock(this.context, 'lists_create_with', {
        inputs,
        mutation: mutation({ items: String(expr.elements.length) }),
      });
    }
    throw new NotBlocks(`${tsApi.SyntaxKind[expr.kind]} has no block`);
  }

  protected withInputs(
    type: string,
    inputs: readonly (readonly [string, ts.Expression])[],
    fields: FieldNode[] = [],
  ): BlockNode {
    return makeBlock(this.context, type, {
      fields,
      inputs: inputs.map(([name, node]) => this.builtinInput(type, name, node, this.inputCheck(type, name))),
    });
  }

  private identifier(node: ts.Identifier): BlockNode {
    const symbol = symbolAt(this.context, node);
    if (symbol) {
      const reporter = this.context.reporters.get(symbol);
      if (reporter) {
        const kind = ['number', 'string', 'boolean', 'array'].includes(reporter.kind) ? reporter.kind : 'custom';
        return makeBlock(this.context, `argument_reporter_${kind}`, {
          fields: [{ name: 'VALUE', value: reporter.name }],
          ...(kind === 'custom' ? { mutation: mutation({ typename: reporter.typeName }) } : {}),
        });
      }
    }
    const name = this.context.variables.nameOf(symbol);
    if (name === undefined) throw new NotBlocks(`"${node.text}" is not a variable blocks know`);
    return makeBlock(this.context, 'variables_get', { fields: [variableField(this.context, name)] });
  }

  private binary(node: ts.BinaryExpression): BlockNode {
    const tsApi = this.ts;
    const op = node.operatorToken.getText();
    if (op === '+' && isStringType(this.context, node)) return this.textJoin(node);
    const arithmetic = Object.hasOwn(arithmeticOps, op) ? arithmeticOps[op] : undefined;
    if (arithmetic) {
      return this.withInputs(
        'math_arithmetic',
        [
          ['A', node.left],
          ['B', node.right],
        ],
        [{ name: 'OP', value: arithmetic }],
      );
    }
    if (op === '%')
      return this.withInputs('math_modulo', [
        ['DIVIDEND', node.left],
        ['DIVISOR', node.right],
      ]);
    const compare = Object.hasOwn(compareOps, op) ? compareOps[op] : undefined;
    if (compare) {
      return this.withInputs(
        'logic_compare',
        [
          ['A', node.left],
          ['B', node.right],
        ],
        [{ name: 'OP', value: compare }],
      );
    }
    const logic = Object.hasOwn(logicOps, op) ? logicOps[op] : undefined;
    if (logic) {
      return this.withInputs(
        'logic_operation',
        [
          ['A', node.left],
          ['B', node.right],
        ],
        [{ name: 'OP', value: logic }],
      );
    }
    throw new NotBlocks(`the operator ${tsApi.tokenToString(node.operatorToken.kind) ?? op} has no block`);
  }

  /** `"" + a + b` -> join a b: a leading empty text that only makes the rest text is dropped. */
  private textJoin(node: ts.BinaryExpression): BlockNode {
    const tsApi = this.ts;
    const items: ts.Expression[] = [];
    let current: ts.Expression = node;
    while (
      tsApi.isBinaryExpression(current) &&
      current.operatorToken.kind === tsApi.SyntaxKind.PlusToken &&
      isStringType(this.context, current)
    ) {
      items.unshift(current.right);
      current = current.left;
    }
    items.unshift(current);
    const first = this.literal(items[0]!);
    if (items.length > 1 && first?.kind === 'string' && first.text === '') items.shift();
    return makeBlock(this.context, 'text_join', {
      inputs: items.map((item, i) => this.builtinInput('text_join', `ADD${i}`, item)),
      mutation: mutation({ items: String(items.length) }),
    });
  }

  private prefixUnary(node: ts.PrefixUnaryExpression): BlockNode {
    const tsApi = this.ts;
    if (node.operator === tsApi.SyntaxKind.ExclamationToken)
      return this.withInputs('logic_negate', [['BOOL', node.operand]]);
    if (node.operator === tsApi.SyntaxKind.MinusToken) {
      // There is no negation block. -x is -1 × x, not 0 - x: multiplying by -1 only flips the sign,
      // so -(0) stays -0 and 1 / -(0) stays -Infinity after the trip through blocks.
      return makeBlock(this.context, 'math_arithmetic', {
        fields: [{ name: 'OP', value: 'MULTIPLY' }],
        inputs: [
          { kind: 'value', name: 'A', shadow: this.shadow(literalShadowTypes['math_number']!, '-1') },
          this.builtinInput('math_arithmetic', 'B', node.operand, 'Number'),
        ],
      });
    }
    throw new NotBlocks('this operator has no block');
  }

  private propertyAccess(node: ts.PropertyAccessExpression): BlockNode {
    if (node.name.text === 'length') {
      if (isStringType(this.context, node.expression))
        return this.withInputs('text_length', [['VALUE', node.expression]]);
      if (isArrayTypeAt(this.context, node.expression))
        return this.withInputs('lists_length', [['VALUE', node.expression]]);
    }
    const symbol = symbolAt(this.context, node);
    const qName = libraryName(this.context, symbol);
    if (qName) {
      const member = this.enumMember(qName);
      if (member?.blockIdentity) {
        const identity = this.context.registry.apiBlockFor(member.blockIdentity);
        const binding = identity?.bindings.find((b) => b.kind === 'field');
        if (identity && binding?.name) {
          return makeBlock(this.context, identity.blockId, { fields: [{ name: binding.name, value: qName }] });
        }
      }
      const api = this.context.registry.apiBlockFor(qName);
      if (api && api.fn.kind === 'property') return this.apiCall(api, undefined, node.expression);
    }
    throw new NotBlocks(`${node.getText()} has no block`);
  }

  protected enumMember(qName: string) {
    return this.context.registry.enumMember(qName)?.member;
  }

  /** True when `qName` is a member of the enum (or fixed instance class) `enumType`. */
  protected isMemberOf(qName: string, enumType: string): boolean {
    return this.context.registry.enumMember(qName)?.enumType === enumType;
  }

  /** A call as a block: user functions, Math's operator blocks, and API blocks. */
  protected callExpression(node: ts.CallExpression, asStatement: boolean): BlockNode {
    const tsApi = this.ts;
    const callee = node.expression;
    const symbol = symbolAt(this.context, tsApi.isPropertyAccessExpression(callee) ? callee.name : callee);
    const user = symbol ? this.context.functions.get(symbol) : undefined;
    if (user && tsApi.isIdentifier(callee)) {
      if (node.arguments.length !== user.args.length) throw new NotBlocks('a call must give every argument');
      const inputs = user.args.map((arg, i) => {
        const check =
          arg.type === 'number'
            ? 'Number'
            : arg.type === 'string'
              ? 'String'
              : arg.type === 'boolean'
                ? 'Boolean'
                : arg.type;
        return this.builtinInput('function_call', arg.id, node.arguments[i]!, check);
      });
      return makeBlock(this.context, asStatement ? 'function_call' : 'function_call_output', {
        mutation: mutation(
          { name: user.name, functionid: user.id },
          user.args.map((arg) => ({
            tag: 'arg',
            attributes: { name: arg.name, id: arg.id, type: arg.type },
            children: [],
          })),
        ),
        inputs,
      });
    }
    const qName = libraryName(this.context, symbol);
    if (!qName) throw new NotBlocks(`${callee.getText()} is not a function blocks know`);
    const math = this.mathBlock(qName, node);
    if (math) return math;
    const found = this.context.registry.apiBlockFor(qName);
    // A value call used as a statement (`list.pop()` alone) has its own statement block in MakeCode.
    const alias = asStatement && found?.definition.shape === 'reporter';
    const api = (alias && this.context.registry.statementAliasFor(qName)) || found;
    if (!api) throw new NotBlocks(`${qName} has no block`);
    const shape = api.definition.shape;
    if (asStatement ? shape !== 'statement' && shape !== 'hat' : shape !== 'reporter') {
      throw new NotBlocks(`${qName} is not a ${asStatement ? 'statement' : 'value'} block`);
    }
    const receiver =
      api.fn.kind !== 'function' && tsApi.isPropertyAccessExpression(callee) ? callee.expression : undefined;
    return this.apiCall(api, node, receiver);
  }

  private mathBlock(qName: string, node: ts.CallExpression): BlockNode | undefined {
    const args = node.arguments;
    const name = qName.startsWith('Math.') ? qName.slice(5) : undefined;
    if (!name) return undefined;
    if (name === 'abs' && args.length === 1) return this.withInputs('math_op3', [['x', args[0]!]]);
    if ((name === 'min' || name === 'max') && args.length === 2) {
      return this.withInputs(
        'math_op2',
        [
          ['x', args[0]!],
          ['y', args[1]!],
        ],
        [{ name: 'op', value: name }],
      );
    }
    if ((roundingFunctions as readonly string[]).includes(name) && args.length === 1) {
      return this.withInputs('math_js_round', [['ARG0', args[0]!]], [{ name: 'OP', value: name }]);
    }
    const unary = (mathFunctions.unary as readonly string[]).includes(name);
    const binary = (mathFunctions.binary as readonly string[]).includes(name);
    const infix = (mathFunctions.infix as readonly string[]).includes(name);
    if ((unary && args.length === 1) || ((binary || infix) && args.length === 2)) {
      const block = this.withInputs(
        'math_js_op',
        args.map((arg, i) => [`ARG${i}`, arg] as const),
        [{ name: 'OP', value: name }],
      );
      return { ...block, mutation: mutation({ 'op-type': unary ? 'unary' : binary ? 'binary' : 'infix' }) };
    }
    if (name === 'pow' && args.length === 2) {
      return this.withInputs(
        'math_arithmetic',
        [
          ['A', args[0]!],
          ['B', args[1]!],
        ],
        [{ name: 'OP', value: 'POWER' }],
      );
    }
    return undefined;
  }

  /** An API block from a call (or property read): arguments become fields, inputs, handlers. */
  protected apiCall(
    api: ApiBlock,
    call: ts.CallExpression | undefined,
    receiver: ts.Expression | undefined,
  ): BlockNode {
    const tsApi = this.ts;
    const { fn } = api;
    const args = call ? call.arguments : [];
    if (args.some((a) => tsApi.isSpreadElement(a))) throw new NotBlocks('spread arguments have no block');
    if (args.length > fn.parameters.length) throw new NotBlocks('too many arguments');
    const fields: FieldNode[] = [];
    const inputs: InputNode[] = [];
    if (fn.receiver && receiver) {
      const instance = this.fixedInstanceField(api, receiver);
      if (instance) fields.push(instance);
      else inputs.push(this.receiverInput(api, receiver));
    }
    const identity = (id: string) => this.context.registry.apiBlock(id);
    const metadata = this.context.registry.metadata;
    const isDefault = (binding: ParamBinding, arg: ts.Expression) =>
      normalizeSpace(arg.getText(this.context.file)) === defaultArgumentText(binding, identity, metadata);
    // The block shows its expandable inputs (in block order) up to the last one code needs.
    const expandableNames = api.definition.expandable?.inputs ?? [];
    let needed = 0;
    for (const binding of api.bindings) {
      const arg = args[binding.index];
      if (binding.kind !== 'input' || !binding.param.expandable || !arg) continue;
      if (binding.param.optional || !isDefault(binding, arg)) {
        needed = Math.max(needed, expandableNames.indexOf(binding.name!) + 1);
      }
    }
    const expanded = expandedCount(needed, expandableNames.length, fn.attributes['expandableArgumentBreaks']);
    const shown = new Set(expandableNames.slice(0, expanded));
    for (const binding of api.bindings) {
      const arg = args[binding.index];
      const { param } = binding;
      switch (binding.kind) {
        case 'hidden':
          // Code must pass required parameters the block does not show: their default is fine.
          if (arg && (param.optional || !isDefault(binding, arg))) {
            throw new NotBlocks(`the block does not show the "${param.name}" argument`);
          }
          break;
        case 'handler': {
          if (!arg) throw new NotBlocks('the event needs its code');
          const handler = this.handlerInputs(arg, api, param);
          inputs.push(...handler.inputs);
          fields.push(...handler.fields);
          break;
        }
        case 'leds': {
          const size = fn.imageLiteral ?? { rows: 5, columns: 5 };
          const expr = arg ? unwrap(tsApi, arg) : undefined;
          const text =
            expr && (tsApi.isStringLiteral(expr) || tsApi.isNoSubstitutionTemplateLiteral(expr))
              ? expr.text
              : undefined;
          const picture = text === undefined ? undefined : parseLedPicture(text, size.rows, size.columns);
          if (!picture) throw new NotBlocks(`the LED picture must be ${size.columns} by ${size.rows} dots`);
          fields.push({ name: 'LEDS', value: ledFieldValue(picture) });
          break;
        }
        case 'field': {
          if (!arg) {
            fields.push({ name: binding.name!, value: param.defaultValue ?? binding.options?.[0]?.[1] ?? '' });
            break;
          }
          const value =
            binding.editor === 'song' ? this.songFieldValue(arg) : this.fieldValue(arg, param, binding.options);
          fields.push({ name: binding.name!, value });
          break;
        }
        case 'input': {
          if (param.expandable && !shown.has(binding.name!)) {
            if (arg && !isDefault(binding, arg)) throw new NotBlocks(`"${param.name}" cannot be hidden`);
            break;
          }
          inputs.push(this.apiInput(api, binding.name!, param, arg));
          break;
        }
      }
    }
    const expandable = api.definition.expandable;
    return makeBlock(this.context, api.blockId, {
      fields,
      inputs,
      ...(expandable ? { mutation: mutation({ _expanded: String(expanded), _input_init: String(expanded > 0) }) } : {}),
    });
  }

  /** The dropdown field of a fixed-instances method's receiver (`soundExpression.giggle`). */
  private fixedInstanceField(api: ApiBlock, receiver: ts.Expression): FieldNode | undefined {
    if (!own(this.context.registry.metadata.enums, api.fn.owner)?.fixedInstances) return undefined;
    const qName = libraryName(this.context, symbolAt(this.context, unwrap(this.ts, receiver)));
    if (!qName || !this.isMemberOf(qName, api.fn.owner)) {
      throw new NotBlocks(`${receiver.getText()} is not one of the choices of this block`);
    }
    return { name: api.fn.receiver!.blockName, value: qName };
  }

  private receiverInput(api: ApiBlock, receiver: ts.Expression): InputNode {
    const name = api.fn.receiver!.blockName;
    const check = this.inputCheck(api.blockId, name);
    const literal = this.literal(receiver);
    const textShadow = api.fn.receiver!.shadow === 'text' || api.fn.owner === 'String';
    if (literal?.kind === 'string' && textShadow) {
      return { kind: 'value', name, shadow: this.shadow(literalShadowTypes['text']!, literal.text) };
    }
    const block = this.expression(receiver);
    this.requireCompatible(block, check);
    return {
      kind: 'value',
      name,
      ...(textShadow ? { shadow: this.shadow(literalShadowTypes['text']!, 'Hello') } : {}),
      block,
    };
  }

  /** A song field holds its hex`…` literal exactly as written (the song editor reads the bytes). */
  private songFieldValue(arg: ts.Expression): string {
    const expr = unwrap(this.ts, arg);
    const text = this.ts.isTaggedTemplateExpression(expr) ? expr.getText() : '';
    if (!isSongLiteral(text)) throw new NotBlocks('the song must be a hex`…` literal');
    return text;
  }

  private fieldValue(
    arg: ts.Expression,
    param: ApiParameter,
    options: readonly (readonly [string, string])[] | undefined,
  ): string {
    const tsApi = this.ts;
    const expr = unwrap(tsApi, arg);
    if (param.enumType) {
      const symbol = symbolAt(this.context, tsApi.isPropertyAccessExpression(expr) ? expr.name : expr);
      let qName = libraryName(this.context, symbol);
      const constants = this.context.registry.metadata.enumConstants;
      if (qName && !this.enumMember(qName)) {
        qName = Object.keys(constants).find((member) => constants[member] === qName);
      }
      if (!qName || !this.isMemberOf(qName, param.enumType))
        throw new NotBlocks(`the argument must be a ${param.enumType}`);
      // A retired member (`IconNames.EigthNote`) is no longer offered, but its block still shows it.
      const retired = (attributes: Readonly<Record<string, string>> | undefined) =>
        !!attributes && (isFlagSet(attributes, 'blockHidden') || isFlagSet(attributes, 'deprecated'));
      if (options && !options.some(([, v]) => v === qName) && !retired(this.enumMember(qName)?.attributes))
        throw new NotBlocks(`${qName} is not in the dropdown`);
      return qName;
    }
    const literal = this.literal(expr);
    if (!literal) throw new NotBlocks('the argument must be a literal value');
    return literal.kind === 'boolean' ? literal.text : literal.text;
  }

  /** An API input: literals become the parameter's shadow, anything else a block over it. */
  private apiInput(api: ApiBlock, name: string, param: ApiParameter, arg: ts.Expression | undefined): InputNode {
    const tsApi = this.ts;
    const identity = (id: string) => this.context.registry.apiBlock(id);
    const metadata = this.context.registry.metadata;
    const fallback = () => {
      const defaults = defaultInput(param, identity, metadata);
      return defaults.shadow ? { ...defaults.shadow, id: this.context.nextId() } : undefined;
    };
    if (!arg) {
      const defaults = defaultInput(param, identity, metadata);
      return {
        kind: 'value',
        name,
        ...(defaults.shadow ? { shadow: { ...defaults.shadow, id: this.context.nextId() } } : {}),
        ...(defaults.block ? { block: { ...defaults.block, id: this.context.nextId() } } : {}),
      };
    }
    let expr = unwrap(tsApi, arg);
    if (expr.kind === tsApi.SyntaxKind.NullKeyword) {
      // An empty slot with nothing to show is written `null` (`list.unshift(null)`): it reads
      // back as that empty slot, as MakeCode shows it.
      const defaults = defaultInput(param, identity, metadata);
      if (!defaults.shadow && !defaults.block) return { kind: 'value', name };
    }
    if (
      param.shadowOptions['toString'] === 'true' &&
      tsApi.isBinaryExpression(expr) &&
      expr.operatorToken.kind === tsApi.SyntaxKind.PlusToken &&
      this.literal(expr.left)?.text === '' &&
      this.literal(expr.left)?.kind === 'string' &&
      !isStringType(this.context, expr.right)
    ) {
      expr = unwrap(tsApi, expr.right); // `"" + x` only turns x into text: the input does that
    }
    const literalShadow = literalShadowFor(param, identity);
    const check = this.inputCheck(api.blockId, name);
    if (literalShadow) {
      const value = this.literalFor(expr, literalShadow);
      if (value !== undefined) return { kind: 'value', name, shadow: this.shadow(literalShadow, value) };
    }
    const block = this.expression(expr);
    this.requireCompatible(block, check);
    const covered = fallback();
    return { kind: 'value', name, ...(covered ? { shadow: covered } : {}), block };
  }

  /** The field text of `node` for a literal shadow, when `node` is such a literal. */
  private literalFor(node: ts.Expression, shadow: LiteralShadow): string | undefined {
    if (shadow.literal === 'enum') {
      const tsApi = this.ts;
      const symbol = symbolAt(this.context, tsApi.isPropertyAccessExpression(node) ? node.name : node);
      const qName = libraryName(this.context, symbol);
      return qName && shadow.enumType && this.isMemberOf(qName, shadow.enumType) ? qName : undefined;
    }
    const literal = this.literal(node);
    return literal && literal.kind === shadow.literal ? literal.text : undefined;
  }

  protected defaultLiteral(param: ApiParameter, shadow: LiteralShadow): string {
    return defaultLiteralText(shadow, param, this.context.registry.metadata);
  }
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
