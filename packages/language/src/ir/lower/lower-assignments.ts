// Assignments: `=`, compound (`+=`…), logical (`||=`…), `++`/`--`, and destructuring assignment.
// Compound and update targets get simple operands (temporaries where the source's would be
// evaluated twice or could change while the value is computed), see ir-nodes.ts.

import type ts from 'typescript';
import type { IrArithmeticOp, IrExpr, IrLValue } from '../ir-nodes.ts';
import { isSimple } from '../ir-nodes.ts';
import { numberType, stringType } from '../ir-types.ts';
import { assignTo, isPure, isUndefined, num, sequence, undefinedValue, varRef } from './ir-build.ts';
import type { FunctionScope, LowerContext } from './lower-context.ts';
import { indexOf, isStaticReceiver, lowerExpression, lowerSymbolReference, memberOf } from './lower-expressions.ts';
import { sliceFrom } from './lower-patterns.ts';

const compoundOps = new Map<string, IrArithmeticOp>([
  ['+=', '+'],
  ['-=', '-'],
  ['*=', '*'],
  ['/=', '/'],
  ['%=', '%'],
  ['**=', '**'],
  ['<<=', '<<'],
  ['>>=', '>>'],
  ['>>>=', '>>>'],
  ['&=', '&'],
  ['|=', '|'],
  ['^=', '^'],
]);

export function lowerAssignment(cx: LowerContext, scope: FunctionScope, node: ts.BinaryExpression): IrExpr {
  const ts = cx.ts;
  const kind = node.operatorToken.kind;
  const left = skipOuter(ts, node.left);
  if (kind === ts.SyntaxKind.EqualsToken) {
    if (ts.isArrayLiteralExpression(left) || ts.isObjectLiteralExpression(left)) {
      return lowerDestructuringAssignment(cx, scope, left, node.right);
    }
    const target = lowerTarget(cx, scope, left);
    if (!target) return lowerExpression(cx, scope, node.right);
    const value = lowerExpression(cx, scope, node.right);
    return { kind: 'assign', target, value, type: value.type };
  }
  const text = ts.tokenToString(kind) ?? '';
  const target = lowerTarget(cx, scope, left);
  if (!target) return lowerExpression(cx, scope, node.right);
  const value = lowerExpression(cx, scope, node.right);
  const prefix: IrExpr[] = [];
  const simple = simplify(cx, scope, target, isPure(value), prefix);
  if (text === '&&=' || text === '||=' || text === '??=') {
    const logical: IrExpr = {
      kind: 'logical',
      op: text.slice(0, 2) as '&&' | '||' | '??',
      left: simple,
      right: { kind: 'assign', target: simple, value, type: value.type },
      type: target.type,
    };
    return sequence([...prefix, logical]);
  }
  const op = compoundOps.get(text);
  if (!op) {
    cx.unsupported(node.operatorToken, `The operator ${text}`);
    return undefinedValue;
  }
  const stringy = op === '+' && (cx.checker.getTypeAtLocation(node.left).flags & ts.TypeFlags.StringLike) !== 0;
  const compound: IrExpr = {
    kind: 'compound',
    op: stringy ? 'concat' : op,
    target: simple,
    value,
    type: stringy ? stringType : target.type.kind === 'any' ? target.type : numberType,
  };
  return sequence([...prefix, compound]);
}

export function lowerUpdate(
  cx: LowerContext,
  scope: FunctionScope,
  operand: ts.Expression,
  op: '+' | '-',
  prefix: boolean,
): IrExpr {
  const target = lowerTarget(cx, scope, skipOuter(cx.ts, operand));
  if (!target) return undefinedValue;
  const before: IrExpr[] = [];
  const simple = simplify(cx, scope, target, true, before);
  return sequence([...before, { kind: 'update', op, prefix, target: simple, type: numberType }]);
}

function skipOuter(tsApi: typeof ts, node: ts.Expression): ts.Expression {
  let e = node;
  while (
    tsApi.isParenthesizedExpression(e) ||
    tsApi.isNonNullExpression(e) ||
    tsApi.isAsExpression(e) ||
    tsApi.isTypeAssertionExpression(e)
  ) {
    e = e.expression;
  }
  return e;
}

/** The place an assignment stores to, with its object and index lowered. */
export function lowerTarget(cx: LowerContext, scope: FunctionScope, node: ts.Expression): IrLValue | undefined {
  const ts = cx.ts;
  let place: IrExpr | undefined;
  if (ts.isIdentifier(node)) {
    place = lowerExpression(cx, scope, node);
  } else if (ts.isPropertyAccessExpression(node) && !node.questionDotToken) {
    const symbol = cx.checker.getSymbolAtLocation(node.name);
    if (isStaticReceiver(cx, node.expression)) place = lowerSymbolReference(cx, scope, node, symbol);
    else place = memberOf(cx, lowerExpression(cx, scope, node.expression), node.name.text, symbol, node);
  } else if (ts.isElementAccessExpression(node) && !node.questionDotToken) {
    place = indexOf(cx, scope, lowerExpression(cx, scope, node.expression), node);
  }
  if (
    !place ||
    !(
      place.kind === 'var' ||
      place.kind === 'field' ||
      place.kind === 'accessor' ||
      place.kind === 'member' ||
      place.kind === 'index' ||
      place.kind === 'api'
    )
  ) {
    cx.unsupported(node, 'Assigning to this');
    return undefined;
  }
  if (place.kind === 'var') cx.variables[place.var]!.written = true;
  return place;
}

/**
 * The target with operands a back end may evaluate twice: anything else (or a variable the value
 * could change) is stored in a temporary first, by an assignment added to `prefix`.
 */
function simplify(
  cx: LowerContext,
  scope: FunctionScope,
  target: IrLValue,
  valueIsPure: boolean,
  prefix: IrExpr[],
): IrLValue {
  const hold = (e: IrExpr): IrExpr => {
    if (isSimple(e) && (e.kind !== 'var' || valueIsPure || cx.variables[e.var]!.storage === 'temp')) return e;
    const temp = cx.temp(scope.fn, e.type);
    prefix.push(assignTo(temp, e));
    return varRef(temp);
  };
  switch (target.kind) {
    case 'var':
      return target;
    case 'index': {
      const object = hold(target.object);
      return { ...target, object, index: hold(target.index) };
    }
    case 'api':
      return target.object ? { ...target, object: hold(target.object) } : target;
    default:
      return { ...target, object: hold(target.object) };
  }
}

/** `[a, b] = value`, `({ x, y } = value)`: the value goes to a temporary, then each part is stored. */
function lowerDestructuringAssignment(
  cx: LowerContext,
  scope: FunctionScope,
  pattern: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression,
  right: ts.Expression,
): IrExpr {
  const value = lowerExpression(cx, scope, right);
  const temp = cx.temp(scope.fn, value.type);
  const items: IrExpr[] = [assignTo(temp, value)];
  assignPattern(cx, scope, pattern, temp, cx.checker.getTypeAtLocation(right), items);
  items.push(varRef(temp));
  return sequence(items);
}

function assignPattern(
  cx: LowerContext,
  scope: FunctionScope,
  pattern: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression,
  source: ReturnType<LowerContext['temp']>,
  sourceType: ts.Type,
  items: IrExpr[],
): void {
  const ts = cx.ts;
  const store = (targetNode: ts.Expression, read: IrExpr, fallback: ts.Expression | undefined, partType: ts.Type) => {
    let value = read;
    if (fallback) {
      const held = cx.temp(scope.fn, read.type);
      value = {
        kind: 'cond',
        test: isUndefined(assignTo(held, read)),
        then: lowerExpression(cx, scope, fallback),
        else: varRef(held),
        type: read.type,
      };
    }
    const inner = skipOuter(ts, targetNode);
    if (ts.isArrayLiteralExpression(inner) || ts.isObjectLiteralExpression(inner)) {
      const nested = cx.temp(scope.fn, value.type);
      items.push(assignTo(nested, value));
      assignPattern(cx, scope, inner, nested, partType, items);
      return;
    }
    const target = lowerTarget(cx, scope, inner);
    if (target) items.push({ kind: 'assign', target, value, type: value.type });
  };
  if (ts.isArrayLiteralExpression(pattern)) {
    pattern.elements.forEach((element, i) => {
      if (ts.isOmittedExpression(element)) return;
      if (ts.isSpreadElement(element)) {
        const rest = sliceFrom(cx, varRef(source), sourceType, i, element);
        if (rest) store(element.expression, rest, undefined, sourceType);
        return;
      }
      const [targetNode, fallback] =
        ts.isBinaryExpression(element) && element.operatorToken.kind === ts.SyntaxKind.EqualsToken
          ? [element.left, element.right]
          : [element, undefined];
      const partType = cx.checker.getTypeAtLocation(targetNode);
      const read: IrExpr = {
        kind: 'index',
        object: varRef(source),
        index: num(i),
        of: 'array',
        type: cx.types.of(partType),
      };
      store(targetNode, read, fallback, partType);
    });
    return;
  }
  for (const property of pattern.properties) {
    if (ts.isShorthandPropertyAssignment(property)) {
      const name = property.name.text;
      const symbol = sourceType.getProperty(name);
      const read = memberOf(cx, varRef(source), name, symbol, property.name);
      store(property.name, read, property.objectAssignmentInitializer, cx.checker.getTypeAtLocation(property.name));
    } else if (
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ) {
      const name = property.name.text;
      const symbol = sourceType.getProperty(name);
      const initializer = property.initializer;
      const [targetNode, fallback] =
        ts.isBinaryExpression(initializer) && initializer.operatorToken.kind === ts.SyntaxKind.EqualsToken
          ? [initializer.left, initializer.right]
          : [initializer, undefined];
      const read = memberOf(cx, varRef(source), name, symbol, property.name);
      store(targetNode, read, fallback, cx.checker.getTypeAtLocation(targetNode));
    } else {
      cx.unsupported(property, 'This kind of destructuring');
    }
  }
}
