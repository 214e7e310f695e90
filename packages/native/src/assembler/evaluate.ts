// Evaluating bound expressions with GNU as's 64-bit arithmetic (e.g. `-1 >> 1` is a logical
// shift of a 64-bit value), and the questions encoders ask: is it a constant, which single
// label does it point at.
import { EncodeError } from './errors.ts';
import type { BoundExpr, Equate, ForwardRef, LabelSymbol } from './program.ts';

export interface EvalContext {
  /** Address of the statement being evaluated (`.`). */
  readonly dot: number;
  /** The current estimate of a label's absolute address; throws when it is not defined. */
  labelAddress(label: LabelSymbol, at: number | undefined): number;
  /** A name read before its definition: a label, an equate or an external symbol. */
  resolve(name: string, ref?: ForwardRef): LabelSymbol | Equate | number | undefined;
  /** An equate's value (memoised by the caller per layout pass). */
  equateValue(equate: Equate, at: number | undefined): bigint;
}

const wrap = (v: bigint) => BigInt.asIntN(64, v);

function truth(b: boolean): bigint {
  return b ? -1n : 0n;
}

/** Applies an operator to constant operands, as GNU as does on a 64-bit host. */
function applyBinary(op: string, a: bigint, b: bigint, at: number | undefined): bigint {
  switch (op) {
    case '+':
      return wrap(a + b);
    case '-':
      return wrap(a - b);
    case '*':
      return wrap(a * b);
    case '/':
      if (b === 0n) throw new EncodeError('bad-operands', 'division by zero', at);
      return wrap(a / b);
    case '%':
      if (b === 0n) throw new EncodeError('bad-operands', 'division by zero', at);
      return wrap(a % b);
    case '<<':
      return b < 0n || b > 63n ? 0n : wrap(a << b);
    case '>>':
      return b < 0n || b > 63n ? 0n : wrap(BigInt.asUintN(64, a) >> b);
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '!':
      return a | ~b;
    case '==':
      return truth(a === b);
    case '!=':
      return truth(a !== b);
    case '<':
      return truth(a < b);
    case '>':
      return truth(a > b);
    case '<=':
      return truth(a <= b);
    case '>=':
      return truth(a >= b);
    case '&&':
      return a !== 0n && b !== 0n ? 1n : 0n;
    case '||':
      return a !== 0n || b !== 0n ? 1n : 0n;
    default:
      throw new EncodeError('internal', `unknown operator ${op}`, at);
  }
}

function applyUnary(op: string, a: bigint): bigint {
  switch (op) {
    case '-':
      return wrap(-a);
    case '~':
      return ~a;
    case '!':
      return a === 0n ? 1n : 0n;
    default:
      return a;
  }
}

/** Folds a unary or binary node whose operands are constants (leaves division by zero alone). */
export function fold(expr: BoundExpr): BoundExpr {
  if (expr.kind === 'unary' && expr.arg.kind === 'num') {
    return { kind: 'num', value: applyUnary(expr.op, expr.arg.value), at: expr.at };
  }
  if (expr.kind === 'binary' && expr.left.kind === 'num' && expr.right.kind === 'num') {
    if ((expr.op === '/' || expr.op === '%') && expr.right.value === 0n) return expr;
    return { kind: 'num', value: applyBinary(expr.op, expr.left.value, expr.right.value, expr.at), at: expr.at };
  }
  return expr;
}

export function evaluate(expr: BoundExpr, ctx: EvalContext): bigint {
  switch (expr.kind) {
    case 'num':
      return expr.value;
    case 'dot':
      return BigInt(ctx.dot);
    case 'label':
      return BigInt(ctx.labelAddress(expr.label, expr.at));
    case 'equ':
      return ctx.equateValue(expr.equate, expr.at);
    case 'sym': {
      const found = ctx.resolve(expr.name, expr.ref);
      if (found === undefined) {
        throw new EncodeError(
          'unknown-label',
          `'${expr.name}' is not defined: define it as a label (${expr.name}:) or with .equ`,
          expr.at,
        );
      }
      if (typeof found === 'number') return BigInt(found);
      if (found.kind === 'label') return BigInt(ctx.labelAddress(found, expr.at));
      return ctx.equateValue(found, expr.at);
    }
    case 'unary':
      return applyUnary(expr.op, evaluate(expr.arg, ctx));
    case 'binary':
      return applyBinary(expr.op, evaluate(expr.left, ctx), evaluate(expr.right, ctx), expr.at);
  }
}

/** No names and no `.` at all: a value known while reading. */
export function isPureConstant(expr: BoundExpr): boolean {
  switch (expr.kind) {
    case 'num':
      return true;
    case 'unary':
      return isPureConstant(expr.arg);
    case 'binary':
      return isPureConstant(expr.left) && isPureConstant(expr.right);
    default:
      return false;
  }
}

/**
 * GNU as's "constant" (it decides some encodings on this): no names and no `.`, except
 * differences of labels it could already resolve (see SymbolTable.bind).
 */
export function isConstant(expr: BoundExpr): boolean {
  switch (expr.kind) {
    case 'num':
      return true;
    case 'unary':
      return isConstant(expr.arg);
    case 'binary':
      return expr.constant === true || (isConstant(expr.left) && isConstant(expr.right));
    default:
      return false;
  }
}

export type SymbolTarget = { label: LabelSymbol } | { external: string } | undefined;

/**
 * The one symbol `expr` points at (`label`, `label + 4`, `label - 2`, an equate of such), or
 * undefined for constants and anything more complex.
 */
export function singleSymbol(
  expr: BoundExpr,
  resolve: (name: string, ref?: ForwardRef) => LabelSymbol | Equate | number | undefined,
  depth = 0,
): SymbolTarget {
  if (depth > 32) return undefined;
  switch (expr.kind) {
    case 'label':
      return { label: expr.label };
    case 'equ':
      return singleSymbol(expr.equate.expr, resolve, depth + 1);
    case 'sym': {
      const found = resolve(expr.name, expr.ref);
      if (found === undefined) return undefined;
      if (typeof found === 'number') return { external: expr.name };
      if (found.kind === 'label') return { label: found };
      return singleSymbol(found.expr, resolve, depth + 1);
    }
    case 'binary':
      if (expr.op === '+') {
        if (isConstant(expr.right)) return singleSymbol(expr.left, resolve, depth + 1);
        if (isConstant(expr.left)) return singleSymbol(expr.right, resolve, depth + 1);
      } else if (expr.op === '-' && isConstant(expr.right)) {
        return singleSymbol(expr.left, resolve, depth + 1);
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The name an operand like `primask`, `eq` or `sy` was written as, if it is a plain name. */
export function exprName(expr: { kind: string; name?: string }): string | undefined {
  return expr.kind === 'sym' || expr.kind === 'label' || expr.kind === 'equ' ? expr.name : undefined;
}
