// Destructuring declarations and parameters: `let [a, b] = list`, `const { x, y } = point`,
// `function f({ x }: P)`. The value is held in a simple expression (a temporary or parameter) and
// each name gets its part by index or property, with defaults applied to undefined parts.

import type ts from 'typescript';
import type { IrExpr, IrStmt } from '../ir-nodes.ts';
import { assignTo, isUndefined, num, varRef } from './ir-build.ts';
import type { FunctionScope, LowerContext, VariableBuilder } from './lower-context.ts';
import { lowerExpression, memberOf } from './lower-expressions.ts';

/** How a declared name receives its value: a `let` (block scoped) or an assignment (hoisted `var`). */
export type BindMode = 'let' | 'assign';

export function bindName(
  cx: LowerContext,
  variable: VariableBuilder,
  value: IrExpr | undefined,
  mode: BindMode,
  loc: number,
  out: IrStmt[],
): void {
  if (mode === 'let') {
    out.push(value ? { kind: 'let', var: variable.id, init: value, loc } : { kind: 'let', var: variable.id, loc });
  } else if (value) {
    variable.written = true;
    out.push({ kind: 'expr', expr: assignTo(variable, value), loc });
  }
}

export function lowerBindingPattern(
  cx: LowerContext,
  scope: FunctionScope,
  pattern: ts.BindingPattern,
  source: IrExpr,
  sourceType: ts.Type,
  mode: BindMode,
  loc: number,
  out: IrStmt[],
): void {
  const ts = cx.ts;
  const bind = (element: ts.BindingElement, read: IrExpr) => {
    let value = read;
    if (element.initializer) {
      const held = cx.temp(scope.fn, read.type);
      value = {
        kind: 'cond',
        test: isUndefined(assignTo(held, read)),
        then: lowerExpression(cx, scope, element.initializer),
        else: varRef(held),
        type: read.type,
      };
    }
    if (ts.isIdentifier(element.name)) {
      const symbol = cx.checker.getSymbolAtLocation(element.name);
      const variable = symbol ? cx.variableFor(symbol) : undefined;
      if (!variable) {
        cx.unsupported(element, 'This declaration');
        return;
      }
      if (mode === 'assign' && !scope.hoistedVars.has(variable)) scope.hoistedVars.set(variable, loc);
      bindName(cx, variable, value, mode, loc, out);
      return;
    }
    const nested = cx.temp(scope.fn, value.type);
    out.push({ kind: 'expr', expr: assignTo(nested, value), loc });
    lowerBindingPattern(cx, scope, element.name, varRef(nested), cx.checker.getTypeAtLocation(element), mode, loc, out);
  };
  if (ts.isArrayBindingPattern(pattern)) {
    pattern.elements.forEach((element, i) => {
      if (ts.isOmittedExpression(element)) return;
      if (element.dotDotDotToken) {
        const rest = sliceFrom(cx, source, sourceType, i, element);
        if (rest) bind(element, rest);
        return;
      }
      const type = cx.types.ofNode(element);
      bind(element, { kind: 'index', object: source, index: num(i), of: 'array', type });
    });
    return;
  }
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) {
      cx.unsupported(element, 'A ...rest property in destructuring');
      continue;
    }
    const nameNode = element.propertyName ?? element.name;
    if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode) && !ts.isNumericLiteral(nameNode)) {
      cx.unsupported(nameNode, 'A computed name in destructuring');
      continue;
    }
    const name = nameNode.text;
    bind(element, memberOf(cx, source, name, sourceType.getProperty(name), element));
  }
}

/** `source.slice(from)` for `[a, ...rest]`, through the array type's own `slice`. */
export function sliceFrom(
  cx: LowerContext,
  source: IrExpr,
  sourceType: ts.Type,
  from: number,
  node: ts.Node,
): IrExpr | undefined {
  const slice = sourceType.getProperty('slice');
  const declaration = slice?.valueDeclaration ?? slice?.declarations?.[0];
  if (!declaration || !cx.isLibrary(declaration)) {
    cx.unsupported(node, 'A ...rest element here');
    return undefined;
  }
  return {
    kind: 'call',
    target: { kind: 'api', api: cx.api(declaration), object: source },
    args: [num(from)],
    waits: false,
    type: cx.types.of(sourceType),
  };
}
