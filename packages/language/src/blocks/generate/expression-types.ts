// Types of block expressions and of variables, inferred from what is assigned to them (blocks
// variables have no declared type). Used for `let` declarations (`let list: number[] = []`),
// text joins of non-text values and function parameter defaults. Unknown means "number", as in
// MakeCode.

import { isArrayType } from '../definitions/api-blocks.ts';
import type { BlockRegistry } from '../definitions/block-registry.ts';
import { FUNCTION_CALL_OUTPUT, FUNCTION_DEFINITION, FUNCTION_RETURN } from '../definitions/builtin-blocks.ts';
import { type BlockNode, fieldValue, forEachBlock, inputTarget } from '../model/blocks-model.ts';

function elementType(type: string | undefined): string | undefined {
  if (!type) return undefined;
  if (type.endsWith('[]')) return type.slice(0, -2);
  const generic = /^(?:Readonly)?Array<(.+)>$/.exec(type);
  if (generic) return generic[1];
  if (type === 'string') return 'string';
  return undefined;
}

const numberBlocks = new Set([
  'math_number',
  'math_integer',
  'math_whole_number',
  'math_number_minmax',
  'math_arithmetic',
  'math_modulo',
  'math_op2',
  'math_op3',
  'math_js_op',
  'math_js_round',
  'text_length',
  'lists_length',
  'argument_reporter_number',
]);
const booleanBlocks = new Set([
  'logic_boolean',
  'logic_compare',
  'logic_operation',
  'logic_negate',
  'argument_reporter_boolean',
]);
const stringBlocks = new Set(['text', 'text_join', 'argument_reporter_string']);

export class TypeInference {
  private readonly variableTypes = new Map<string, string>();
  private readonly functionReturns = new Map<string, string | undefined>();
  private readonly definitions = new Map<string, BlockNode>();
  private readonly untypedArrays = new Set<string>();

  constructor(
    private readonly registry: BlockRegistry,
    topBlocks: readonly BlockNode[],
    declared: ReadonlyMap<string, string> = new Map(),
  ) {
    // A typed variable (`names: string[]`) keeps its type whatever blocks are assigned to it.
    for (const [name, type] of declared) this.variableTypes.set(name, type);
    for (const block of topBlocks) {
      if (block.type === FUNCTION_DEFINITION) {
        const name = block.mutation?.attributes['name'] ?? fieldValue(block, 'function_name');
        if (name) this.definitions.set(name, block);
      }
    }
    // Assignments may copy one variable into another: repeat until nothing changes.
    for (let pass = 0; pass < 4; pass++) {
      let changed = false;
      for (const top of topBlocks) {
        forEachBlock(top, (block) => {
          const assigned = this.assignedType(block);
          if (!assigned) return;
          const [name, type] = assigned;
          if (type && !this.variableTypes.has(name)) {
            this.variableTypes.set(name, type);
            changed = true;
          }
        });
      }
      if (!changed) break;
    }
    // A variable nothing is assigned to takes the type of the inputs it is read in.
    for (const top of topBlocks) forEachBlock(top, (block) => this.usageHints(block));
    for (const name of this.untypedArrays) if (!this.variableTypes.has(name)) this.variableTypes.set(name, 'number[]');
  }

  private usageHints(block: BlockNode): void {
    const definition = this.registry.definition(block.type);
    if (!definition) return;
    for (const input of block.inputs) {
      const target = input.block;
      if (
        input.kind !== 'value' ||
        !target ||
        (target.type !== 'variables_get' && target.type !== 'variables_get_reporter')
      ) {
        continue;
      }
      const name = fieldValue(target, 'VAR');
      if (name === undefined || this.variableTypes.has(name)) continue;
      let check: unknown;
      for (const line of definition.lines) {
        for (const arg of line.args) if (arg.type === 'input_value' && arg.name === input.name) check = arg.check;
      }
      let type: string | undefined;
      if (check === 'Number') type = 'number';
      else if (check === 'String') type = 'string';
      else if (check === 'Boolean') type = 'boolean';
      else if (check === 'Array') {
        const item = block.type === 'lists_index_set' ? inputTarget(block, 'VALUE') : this.pushedValue(block);
        const itemType = this.typeOf(item);
        // An array read (`names[0]`) says nothing of its items: only a later block that adds one
        // may say, whatever order the blocks come in; else it is number[] (see the constructor).
        if (itemType === undefined) this.untypedArrays.add(name);
        else type = `${itemType}[]`;
      } else if (typeof check === 'string' && check !== 'Variable') type = check;
      if (type) this.variableTypes.set(name, type);
    }
  }

  /** The value an array block adds to its array (push, unshift, insert). */
  private pushedValue(block: BlockNode): BlockNode | undefined {
    const api = this.registry.apiBlock(block.type);
    const binding = api?.bindings.find((b) => b.kind === 'input' && b.param.type === 'T');
    return binding?.name ? inputTarget(block, binding.name) : undefined;
  }

  /** The declared type of a variable (number when nothing says otherwise). */
  variableType(name: string): string {
    return this.variableTypes.get(name) ?? 'number';
  }

  knownVariableType(name: string): string | undefined {
    return this.variableTypes.get(name);
  }

  private assignedType(block: BlockNode): [string, string | undefined] | undefined {
    switch (block.type) {
      case 'variables_set': {
        const name = fieldValue(block, 'VAR');
        return name === undefined ? undefined : [name, this.typeOf(inputTarget(block, 'VALUE'))];
      }
      case 'variables_change': {
        const name = fieldValue(block, 'VAR');
        return name === undefined ? undefined : [name, 'number'];
      }
      case 'pxt_controls_for':
      case 'controls_simple_for':
      case 'controls_for': {
        const name = loopVariable(block);
        return name === undefined ? undefined : [name, 'number'];
      }
      case 'pxt_controls_for_of':
      case 'controls_for_of': {
        const name = loopVariable(block);
        return name === undefined ? undefined : [name, elementType(this.typeOf(inputTarget(block, 'LIST')))];
      }
      default:
        return undefined;
    }
  }

  typeOf(block: BlockNode | undefined): string | undefined {
    if (!block) return undefined;
    const type = block.type;
    if (numberBlocks.has(type)) return 'number';
    if (booleanBlocks.has(type)) return 'boolean';
    if (stringBlocks.has(type)) return 'string';
    switch (type) {
      case 'variables_get':
      case 'variables_get_reporter': {
        const name = fieldValue(block, 'VAR');
        return name === undefined ? undefined : this.variableTypes.get(name);
      }
      case 'argument_reporter_array':
        return 'any[]';
      case 'argument_reporter_custom':
        return block.mutation?.attributes['typename'];
      case 'lists_create_with': {
        const first = block.inputs.find((i) => i.name === 'ADD0');
        const item = this.typeOf(first?.block ?? first?.shadow);
        return item ? `${item}[]` : undefined;
      }
      case 'lists_index_get':
        return elementType(this.typeOf(inputTarget(block, 'LIST')));
      case FUNCTION_CALL_OUTPUT:
        return this.functionReturnType(block.mutation?.attributes['name'] ?? '');
      default:
        return this.apiType(block);
    }
  }

  private apiType(block: BlockNode): string | undefined {
    const api = this.registry.apiBlock(block.type);
    if (!api) return undefined;
    const fn = api.fn;
    if (fn.identity) {
      const binding = api.bindings.find((b) => b.kind === 'field' || b.kind === 'input');
      return binding?.param.enumType ? 'number' : binding?.param.type;
    }
    const returns = fn.returnType;
    if (returns === 'void') return undefined;
    if (/^[A-Z]$/.test(returns) || /^[A-Z]\[\]$/.test(returns)) {
      const receiver = fn.receiver ? this.typeOf(inputTarget(block, fn.receiver.blockName)) : undefined;
      return returns.endsWith('[]') ? receiver : elementType(receiver);
    }
    if (returns === 'any') return undefined;
    return isArrayType(returns) ? returns.replace(/^(?:Readonly)?Array<(.+)>$/, '$1[]') : returns;
  }

  private functionReturnType(name: string): string | undefined {
    if (this.functionReturns.has(name)) return this.functionReturns.get(name);
    this.functionReturns.set(name, undefined); // recursion guard
    let result: string | undefined;
    forEachBlock(this.definitions.get(name), (block) => {
      if (!result && block.type === FUNCTION_RETURN) result = this.typeOf(inputTarget(block, 'RETURN_VALUE'));
    });
    this.functionReturns.set(name, result);
    return result;
  }
}

/** The variable of a for loop: the `VAR` reporter (pxt_controls_*) or field (older blocks). */
export function loopVariable(block: BlockNode): string | undefined {
  const field = fieldValue(block, 'VAR');
  if (field !== undefined) return field;
  const reporter = inputTarget(block, 'VAR');
  return reporter ? fieldValue(reporter, 'VAR') : undefined;
}
