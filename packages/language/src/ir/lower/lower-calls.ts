// Calls and `new`, classified for the back ends: a program function (direct), a method of a
// program class (virtual unless nothing overrides it), super calls, a closure value, a property
// looked up at run time, or a library function/method by qualified name. Each call carries the
// wait analysis's answer (`waits`).

import type ts from 'typescript';
import type { CallPlan } from '../../compiler/wait-analysis.ts';
import type { IrApi, IrArgument, IrCallTarget, IrExpr } from '../ir-nodes.ts';
import { undefinedValue } from './ir-build.ts';
import { parseImageLiteral } from './image-literal.ts';
import type { FunctionScope, LowerContext } from './lower-context.ts';
import { isStaticReceiver, lowerArguments, lowerExpression, lowerIdentifier } from './lower-expressions.ts';

export interface CallOverride {
  /** The receiver, already evaluated (optional chains). */
  receiver?: IrExpr;
  /** The function value, already evaluated (`f?.()`). */
  callee?: IrExpr;
}

export function lowerCall(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.CallExpression,
  override: CallOverride = {},
): IrExpr {
  const ts = cx.ts;
  const plan: CallPlan = cx.analysis.calls.get(node) ?? { kind: 'plain' };
  const waits = cx.analysis.waits(plan);
  const type = cx.types.ofNode(node);
  const make = (target: IrCallTarget, args: IrArgument[]): IrExpr => ({ kind: 'call', target, args, waits, type });
  const closureCall = (callee: IrExpr, args: IrArgument[]) => {
    const target: IrCallTarget = { kind: 'closure', callee };
    // The function a `const` arrow holds may be lowered after this call: resolved at the end.
    if (plan.kind === 'user') cx.resolveKnownLater(target, plan.target);
    return make(target, args);
  };

  if (override.callee) return closureCall(override.callee, lowerArguments(cx, scope, node.arguments));
  let callee: ts.Expression = node.expression;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;

  if (callee.kind === ts.SyntaxKind.SuperKeyword) {
    const base = baseClassOf(cx, node);
    if (base === undefined) {
      cx.unsupported(node, 'super() of a library class');
      return undefinedValue;
    }
    return make({ kind: 'superConstructor', class: base }, lowerArguments(cx, scope, node.arguments));
  }

  const declaration = cx.checker.getResolvedSignature(node)?.declaration;

  if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
    const name = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isStringLiteral(callee.argumentExpression)
        ? callee.argumentExpression.text
        : undefined;
    if (callee.expression.kind === ts.SyntaxKind.SuperKeyword) {
      const fn = declaration ? cx.functionOf.get(declaration) : undefined;
      if (fn === undefined || name === undefined) {
        cx.unsupported(node, 'This call through super');
        return undefinedValue;
      }
      return make({ kind: 'super', fn, name }, lowerArguments(cx, scope, node.arguments));
    }
    if (declaration && cx.isLibrary(declaration)) {
      const api = cx.api(declaration);
      // A library constant can be a receiver too (`soundExpression.giggle.play()`): an instance
      // method is called on its value, not on its class.
      const object =
        override.receiver ??
        (isStaticReceiver(cx, callee.expression) && !isInstanceMethod(cx, declaration)
          ? undefined
          : lowerExpression(cx, scope, callee.expression));
      return make(object ? { kind: 'api', api, object } : { kind: 'api', api }, apiArguments(cx, scope, api, node));
    }
    const fn = declaration ? cx.functionOf.get(declaration) : undefined;
    if (declaration && fn !== undefined && name !== undefined) {
      const info = cx.functions[fn]!;
      if (info.kind === 'method' && !info.static && info.class !== undefined) {
        const object = override.receiver ?? lowerExpression(cx, scope, callee.expression);
        const virtual = cx.isOverridden(info.class, name);
        return make(
          { kind: 'method', object, class: info.class, name, fn, virtual },
          lowerArguments(cx, scope, node.arguments),
        );
      }
      if (info.kind === 'function' || (info.kind === 'method' && info.static)) {
        return make({ kind: 'function', fn }, lowerArguments(cx, scope, node.arguments));
      }
    }
    const object = override.receiver ?? lowerExpression(cx, scope, callee.expression);
    const key = name ?? lowerExpression(cx, scope, (callee as ts.ElementAccessExpression).argumentExpression);
    return make({ kind: 'dynamic', object, name: key }, lowerArguments(cx, scope, node.arguments));
  }

  if (ts.isIdentifier(callee)) {
    let symbol = cx.checker.getSymbolAtLocation(callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = cx.checker.getAliasedSymbol(symbol);
    const target = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    if (target && cx.isLibrary(target)) {
      const api = cx.api(declaration && cx.isLibrary(declaration) ? declaration : target);
      return make({ kind: 'api', api }, apiArguments(cx, scope, api, node));
    }
    if (target && ts.isFunctionDeclaration(target)) {
      const fn = cx.functionOf.get(target);
      if (fn !== undefined && cx.functions[fn]!.kind === 'function') {
        return make({ kind: 'function', fn }, lowerArguments(cx, scope, node.arguments));
      }
    }
    return closureCall(lowerIdentifier(cx, scope, callee), lowerArguments(cx, scope, node.arguments));
  }
  return closureCall(lowerExpression(cx, scope, callee), lowerArguments(cx, scope, node.arguments));
}

export function lowerNew(cx: LowerContext, scope: FunctionScope, node: ts.NewExpression): IrExpr {
  const ts = cx.ts;
  const args = lowerArguments(cx, scope, node.arguments ?? []);
  const type = cx.types.ofNode(node);
  const expression = node.expression;
  const symbol = cx.checker.getSymbolAtLocation(
    ts.isPropertyAccessExpression(expression) ? expression.name : expression,
  );
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (declaration && ts.isClassDeclaration(declaration)) {
    const id = cx.classOf.get(declaration);
    if (id !== undefined) return { kind: 'new', class: id, args, type };
  }
  const signature = cx.checker.getResolvedSignature(node)?.declaration;
  const library =
    signature && cx.isLibrary(signature)
      ? signature
      : declaration && cx.isLibrary(declaration)
        ? declaration
        : undefined;
  if (library) {
    const api = cx.api(library);
    const constructor: IrApi = api.kind === 'constructor' ? api : { ...api, kind: 'constructor' };
    return { kind: 'call', target: { kind: 'api', api: constructor }, args, waits: false, type };
  }
  cx.unsupported(node, 'new with this kind of value');
  return undefinedValue;
}

/** Arguments of a library call; an LED picture for an `imageLiteral` parameter becomes an image. */
function apiArguments(cx: LowerContext, scope: FunctionScope, api: IrApi, node: ts.CallExpression): IrArgument[] {
  const args = lowerArguments(cx, scope, node.arguments);
  if (api.imageLiteral !== undefined) {
    const first = args[0];
    if (first && first.kind === 'string') {
      const image = parseImageLiteral(first.value);
      if (image) args[0] = image;
    }
  }
  return args;
}

function baseClassOf(cx: LowerContext, node: ts.Node): number | undefined {
  const ts = cx.ts;
  let current: ts.Node | undefined = node;
  while (current && !ts.isClassDeclaration(current)) current = current.parent;
  if (!current) return undefined;
  const id = cx.classOf.get(current);
  return id === undefined ? undefined : cx.classes[id]!.base;
}

/** A method (or method signature) of a class or interface that is not static. */
function isInstanceMethod(cx: LowerContext, declaration: ts.Declaration): boolean {
  const ts = cx.ts;
  if (!ts.isMethodDeclaration(declaration) && !ts.isMethodSignature(declaration)) return false;
  const owner = declaration.parent;
  if (!ts.isClassDeclaration(owner) && !ts.isInterfaceDeclaration(owner)) return false;
  return (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Static) === 0;
}
