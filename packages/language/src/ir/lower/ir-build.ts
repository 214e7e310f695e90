// Small constructors for IR expressions the lowering makes itself (temporaries, tests, constants),
// and the purity test that decides when an operand must be copied to a temporary first.

import type { IrExpr, IrVarRef } from '../ir-nodes.ts';
import { booleanType, type IrType, numberType, undefinedType } from '../ir-types.ts';
import type { VariableBuilder } from './lower-context.ts';

export const undefinedValue: IrExpr = { kind: 'undefined', type: undefinedType };

export function num(value: number): IrExpr {
  return { kind: 'number', value, type: numberType };
}

export function varRef(variable: VariableBuilder): IrVarRef {
  return { kind: 'var', var: variable.id, type: variable.type };
}

export function assignTo(variable: VariableBuilder, value: IrExpr): IrExpr {
  return { kind: 'assign', target: varRef(variable), value, type: value.type };
}

/** `value == null` (null or undefined). */
export function isNullish(value: IrExpr): IrExpr {
  return { kind: 'binary', op: '==', left: value, right: { kind: 'null', type: { kind: 'null' } }, type: booleanType };
}

/** `value === undefined`. */
export function isUndefined(value: IrExpr): IrExpr {
  return { kind: 'binary', op: '===', left: value, right: undefinedValue, type: booleanType };
}

export function sequence(items: IrExpr[], type?: IrType): IrExpr {
  if (items.length === 1) return items[0]!;
  return { kind: 'sequence', items, type: type ?? items[items.length - 1]!.type };
}

/** True when evaluating `expr` cannot change any variable or object (no calls, no stores). */
export function isPure(expr: IrExpr): boolean {
  switch (expr.kind) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'buffer':
    case 'image':
    case 'var':
    case 'this':
    case 'function':
    case 'closure':
    case 'enumObject':
      return true;
    case 'field':
    case 'member':
      return isPure(expr.object);
    case 'api':
      return expr.object === undefined || isPure(expr.object);
    case 'index':
      return isPure(expr.object) && isPure(expr.index);
    case 'unary':
      return isPure(expr.operand);
    case 'binary':
    case 'logical':
      return isPure(expr.left) && isPure(expr.right);
    case 'cond':
      return isPure(expr.test) && isPure(expr.then) && isPure(expr.else);
    case 'sequence':
      return expr.items.every(isPure);
    case 'template':
      return expr.values.every(isPure);
    case 'array':
      return expr.elements.every((e) => e.kind !== 'spread' && isPure(e));
    case 'instanceof':
      return isPure(expr.value);
    default:
      return false;
  }
}
