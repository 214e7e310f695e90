// Function bodies: parameters (defaults and destructuring become the first statements), hoisted
// `var`s, the body's statements; closures (arrows, function expressions, object literal methods,
// functions declared in blocks) with the variables they capture.

import type ts from 'typescript';
import type { IrExpr, IrStmt } from '../ir-nodes.ts';
import { anyType, type IrType } from '../ir-types.ts';
import { assignTo, isUndefined, varRef } from './ir-build.ts';
import { type FunctionBuilder, FunctionScope, type LowerContext } from './lower-context.ts';
import { lowerExpression } from './lower-expressions.ts';
import { lowerBindingPattern } from './lower-patterns.ts';
import { lowerStatementList } from './lower-statements.ts';

export interface BodyOptions {
  arrow?: boolean;
  /** A function declared in a block: where the block starts. */
  hoistedAt?: number;
  /**
   * Constructors: statements that initialize fields, run first in a base class and right after
   * the `super(…)` statement in a derived one.
   */
  fieldInit?: (scope: FunctionScope) => IrStmt[];
  derived?: boolean;
}

export function resultType(cx: LowerContext, node: ts.SignatureDeclaration): IrType {
  const signature = cx.checker.getSignatureFromDeclaration(node);
  return signature ? cx.types.of(signature.getReturnType()) : anyType;
}

/** Lowers `node`'s parameters and body into `fn`. */
export function lowerFunctionBody(
  cx: LowerContext,
  fn: FunctionBuilder,
  node: ts.FunctionLikeDeclaration,
  parent: FunctionScope | undefined,
  options: BodyOptions = {},
): void {
  const ts = cx.ts;
  const scope = new FunctionScope(fn, parent, options.arrow ?? false, options.hoistedAt);
  const prologue: IrStmt[] = [];
  node.parameters.forEach((parameter, index) => {
    if (ts.isIdentifier(parameter.name) && parameter.name.text === 'this') return;
    const symbol = ts.isIdentifier(parameter.name) ? cx.checker.getSymbolAtLocation(parameter.name) : undefined;
    const variable = symbol
      ? cx.variableFor(symbol)
      : cx.newVariable({
          name: `$p${index}`,
          type: cx.types.ofNode(parameter),
          storage: 'param',
          fn: fn.id,
          const: false,
          synthetic: true,
        });
    if (!variable) {
      cx.unsupported(parameter, 'This parameter');
      return;
    }
    if (parameter.dotDotDotToken) fn.rest = variable.id;
    else fn.params.push(variable.id);
    if (parameter.initializer) {
      const loc = cx.loc(parameter);
      variable.written = true;
      const fallback = lowerExpression(cx, scope, parameter.initializer);
      prologue.push({
        kind: 'if',
        test: isUndefined(varRef(variable)),
        then: [{ kind: 'expr', expr: assignTo(variable, fallback), loc }],
        loc,
      });
    }
    if (!ts.isIdentifier(parameter.name)) {
      const type = cx.checker.getTypeAtLocation(parameter);
      lowerBindingPattern(cx, scope, parameter.name, varRef(variable), type, 'let', cx.loc(parameter), prologue);
    }
  });

  let body: IrStmt[];
  const block = node.body!;
  if (ts.isBlock(block)) {
    body = lowerStatementList(cx, scope, block.statements);
    if (options.fieldInit) body = withFieldInit(cx, block, body, options.fieldInit(scope), options.derived ?? false);
  } else {
    body = [{ kind: 'return', value: lowerExpression(cx, scope, block), loc: cx.loc(block) }];
  }
  const hoisted: IrStmt[] = [...scope.hoistedVars].map(([v, loc]) => ({ kind: 'let', var: v.id, loc }));
  fn.body = [...hoisted, ...prologue, ...body];
}

/** Field initializers go first in a base class's constructor and right after `super(…)` in a derived one. */
function withFieldInit(cx: LowerContext, block: ts.Block, body: IrStmt[], init: IrStmt[], derived: boolean): IrStmt[] {
  if (init.length === 0) return body;
  if (!derived) return [...init, ...body];
  const ts = cx.ts;
  const superStatement = block.statements.find(
    (s) =>
      ts.isExpressionStatement(s) &&
      ts.isCallExpression(s.expression) &&
      s.expression.expression.kind === ts.SyntaxKind.SuperKeyword,
  );
  const at = superStatement ? body.findIndex((s) => s.loc === cx.loc(superStatement)) : -1;
  if (at < 0) return [...init, ...body];
  return [...body.slice(0, at + 1), ...init, ...body.slice(at + 1)];
}

/** An arrow, a function expression or an object literal method, as a closure value. */
export function lowerClosure(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration,
): IrExpr {
  const arrow = cx.ts.isArrowFunction(node);
  const fn = cx.newFunction({
    name: `${scope.fn.name}$${++scope.fn.closures}`,
    kind: 'closure',
    node,
    position: cx.position(node),
    result: resultType(cx, node),
    parent: scope.fn.id,
    arrow,
  });
  lowerFunctionBody(cx, fn, node, scope, { arrow });
  return { kind: 'closure', fn: fn.id, type: cx.types.ofNode(node) };
}

/** A function declared in a block: a local variable holding its closure, made on entering the block. */
export function lowerLocalFunction(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.FunctionDeclaration,
): IrStmt | undefined {
  const symbol = node.name ? cx.checker.getSymbolAtLocation(node.name) : undefined;
  const variable = symbol ? cx.variableFor(symbol) : undefined;
  if (!variable || !node.name) {
    cx.unsupported(node, 'This function declaration');
    return undefined;
  }
  const fn = cx.newFunction({
    name: `${scope.fn.name}.${node.name.text}`,
    kind: 'closure',
    node,
    position: cx.position(node),
    result: resultType(cx, node),
    parent: scope.fn.id,
    arrow: false,
  });
  lowerFunctionBody(cx, fn, node, scope, { hoistedAt: node.parent.pos });
  return { kind: 'localFunction', var: variable.id, fn: fn.id, loc: cx.loc(node) };
}
