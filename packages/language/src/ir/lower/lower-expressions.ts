// TypeScript expressions -> IR expressions: literals, names, property and element access,
// operators, closures, array/object literals and template strings. Calls are in lower-calls.ts,
// assignments in lower-assignments.ts.

import type ts from 'typescript';
import { checkHexLiteral, isHexLiteral } from '../../compiler/hex-literals.ts';
import type { IrArgument, IrExpr, IrObjectProperty } from '../ir-nodes.ts';
import { anyType, booleanType, type IrType, nullType, numberType, stringType } from '../ir-types.ts';
import { isNullish, num, sequence, undefinedValue, varRef, assignTo } from './ir-build.ts';
import { lowerAssignment, lowerUpdate } from './lower-assignments.ts';
import { lowerCall, lowerNew } from './lower-calls.ts';
import type { FunctionScope, LowerContext } from './lower-context.ts';
import { lowerClosure } from './lower-functions.ts';

export function lowerExpression(cx: LowerContext, scope: FunctionScope, node: ts.Expression): IrExpr {
  const ts = cx.ts;
  switch (node.kind) {
    case ts.SyntaxKind.NumericLiteral:
      return num(Number((node as ts.NumericLiteral).text));
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return { kind: 'string', value: (node as ts.StringLiteral).text, type: stringType };
    case ts.SyntaxKind.TrueKeyword:
      return { kind: 'boolean', value: true, type: booleanType };
    case ts.SyntaxKind.FalseKeyword:
      return { kind: 'boolean', value: false, type: booleanType };
    case ts.SyntaxKind.NullKeyword:
      return { kind: 'null', type: nullType };
    case ts.SyntaxKind.ThisKeyword:
      cx.useThis(scope);
      return { kind: 'this', type: cx.types.ofNode(node) };
    case ts.SyntaxKind.Identifier:
      return lowerIdentifier(cx, scope, node as ts.Identifier);
    case ts.SyntaxKind.ParenthesizedExpression:
    case ts.SyntaxKind.AsExpression:
    case ts.SyntaxKind.TypeAssertionExpression:
    case ts.SyntaxKind.NonNullExpression:
    case ts.SyntaxKind.SatisfiesExpression:
      if (ts.isNonNullExpression(node) && ts.isOptionalChain(node)) return lowerOptionalChain(cx, scope, node);
      return lowerExpression(cx, scope, (node as ts.ParenthesizedExpression).expression);
    case ts.SyntaxKind.TemplateExpression:
      return lowerTemplate(cx, scope, node as ts.TemplateExpression);
    case ts.SyntaxKind.TaggedTemplateExpression:
      return lowerTaggedTemplate(cx, scope, node as ts.TaggedTemplateExpression);
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
    case ts.SyntaxKind.CallExpression:
      if (ts.isOptionalChain(node)) return lowerOptionalChain(cx, scope, node);
      if (ts.isCallExpression(node)) return lowerCall(cx, scope, node);
      if (ts.isPropertyAccessExpression(node)) return lowerPropertyAccess(cx, scope, node);
      return lowerElementAccess(cx, scope, node as ts.ElementAccessExpression);
    case ts.SyntaxKind.NewExpression:
      return lowerNew(cx, scope, node as ts.NewExpression);
    case ts.SyntaxKind.PrefixUnaryExpression:
    case ts.SyntaxKind.PostfixUnaryExpression:
      return lowerUnary(cx, scope, node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression);
    case ts.SyntaxKind.TypeOfExpression:
      return {
        kind: 'unary',
        op: 'typeof',
        operand: lowerExpression(cx, scope, (node as ts.TypeOfExpression).expression),
        type: stringType,
      };
    case ts.SyntaxKind.VoidExpression:
      return {
        kind: 'unary',
        op: 'void',
        operand: lowerExpression(cx, scope, (node as ts.VoidExpression).expression),
        type: { kind: 'undefined' },
      };
    case ts.SyntaxKind.DeleteExpression:
      return lowerDelete(cx, scope, node as ts.DeleteExpression);
    case ts.SyntaxKind.BinaryExpression:
      return lowerBinary(cx, scope, node as ts.BinaryExpression);
    case ts.SyntaxKind.ConditionalExpression: {
      const c = node as ts.ConditionalExpression;
      return {
        kind: 'cond',
        test: lowerExpression(cx, scope, c.condition),
        then: lowerExpression(cx, scope, c.whenTrue),
        else: lowerExpression(cx, scope, c.whenFalse),
        type: cx.types.ofNode(node),
      };
    }
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.FunctionExpression:
      return lowerClosure(cx, scope, node as ts.ArrowFunction | ts.FunctionExpression);
    case ts.SyntaxKind.ArrayLiteralExpression:
      return {
        kind: 'array',
        elements: lowerArguments(cx, scope, (node as ts.ArrayLiteralExpression).elements),
        type: cx.types.ofNode(node),
      };
    case ts.SyntaxKind.ObjectLiteralExpression:
      return lowerObjectLiteral(cx, scope, node as ts.ObjectLiteralExpression);
    case ts.SyntaxKind.OmittedExpression:
      return undefinedValue;
    default:
      cx.unsupported(node, describe(ts, node));
      return undefinedValue;
  }
}

/** Call arguments and array elements, with spreads. */
export function lowerArguments(cx: LowerContext, scope: FunctionScope, nodes: readonly ts.Expression[]): IrArgument[] {
  return nodes.map((node) =>
    cx.ts.isSpreadElement(node)
      ? { kind: 'spread', value: lowerExpression(cx, scope, node.expression) }
      : lowerExpression(cx, scope, node),
  );
}

function describe(tsApi: typeof ts, node: ts.Node): string {
  switch (node.kind) {
    case tsApi.SyntaxKind.RegularExpressionLiteral:
      return 'A regular expression';
    case tsApi.SyntaxKind.ClassExpression:
      return 'A class expression';
    case tsApi.SyntaxKind.BigIntLiteral:
      return 'A BigInt number';
    case tsApi.SyntaxKind.SuperKeyword:
      return 'super used this way';
    default:
      return `This kind of expression (${tsApi.SyntaxKind[node.kind]})`;
  }
}

// --- Names -------------------------------------------------------------------------------------

export function lowerIdentifier(cx: LowerContext, scope: FunctionScope, node: ts.Identifier): IrExpr {
  let symbol = cx.checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & cx.ts.SymbolFlags.Alias) symbol = cx.checker.getAliasedSymbol(symbol);
  return lowerSymbolReference(cx, scope, node, symbol);
}

export function lowerSymbolReference(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.Node,
  symbol: ts.Symbol | undefined,
): IrExpr {
  const ts = cx.ts;
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (!symbol || !declaration) {
    if (ts.isIdentifier(node) && node.text === 'undefined') return undefinedValue;
    cx.unsupported(node, `The name ${node.getText()}`);
    return undefinedValue;
  }
  if (cx.isLibrary(declaration)) {
    return { kind: 'api', api: cx.api(declaration), type: cx.types.ofNode(node) };
  }
  if (ts.isFunctionDeclaration(declaration)) {
    const fn = cx.functionOf.get(declaration);
    if (fn !== undefined && cx.functions[fn]!.kind === 'function') {
      return { kind: 'function', fn, type: cx.types.of(cx.checker.getTypeOfSymbol(symbol)) };
    }
  }
  if (ts.isEnumDeclaration(declaration)) {
    const id = cx.enumOf.get(declaration);
    if (id !== undefined)
      return { kind: 'enumObject', enum: id, type: { kind: 'object', name: declaration.name.text } };
  }
  if (ts.isFunctionExpression(declaration)) {
    cx.unsupported(node, 'A function expression using its own name');
    return undefinedValue;
  }
  if (ts.isClassDeclaration(declaration)) {
    cx.unsupported(node, 'A class used as a value');
    return undefinedValue;
  }
  if (ts.isModuleDeclaration(declaration)) {
    cx.unsupported(node, 'A namespace used as a value');
    return undefinedValue;
  }
  const variable = cx.variableFor(symbol);
  if (!variable) {
    cx.unsupported(node, `The name ${node.getText()}`);
    return undefinedValue;
  }
  cx.use(variable, scope, node, declaration);
  return varRef(variable);
}

// --- Property and element access ----------------------------------------------------------------

function lowerPropertyAccess(cx: LowerContext, scope: FunctionScope, node: ts.PropertyAccessExpression): IrExpr {
  const constant = enumConstant(cx, node);
  if (constant) return constant;
  const symbol = cx.checker.getSymbolAtLocation(node.name);
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (node.expression.kind === cx.ts.SyntaxKind.SuperKeyword) {
    cx.unsupported(node, 'Reading a property of super');
    return undefinedValue;
  }
  const statically = staticMember(cx, scope, node, symbol, declaration);
  if (statically) return statically;
  const object = lowerExpression(cx, scope, node.expression);
  return memberOf(cx, object, node.name.text, symbol, node);
}

/**
 * `ns.x`, `Class.x`, `Math.PI`, `basic.showNumber` as a value: members reached through a
 * namespace or class name need no object at run time.
 */
function staticMember(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.PropertyAccessExpression,
  symbol: ts.Symbol | undefined,
  declaration: ts.Declaration | undefined,
): IrExpr | undefined {
  const ts = cx.ts;
  if (!symbol || !declaration) return undefined;
  if (!isStaticReceiver(cx, node.expression)) return undefined;
  if (cx.isLibrary(declaration)) return { kind: 'api', api: cx.api(declaration), type: cx.types.ofNode(node) };
  if (
    ts.isVariableDeclaration(declaration) ||
    ts.isFunctionDeclaration(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isMethodDeclaration(declaration) ||
    ts.isEnumDeclaration(declaration) ||
    ts.isClassDeclaration(declaration) ||
    ts.isModuleDeclaration(declaration)
  ) {
    return lowerSymbolReference(cx, scope, node, symbol);
  }
  return undefined;
}

/** True when `node` names a namespace, a class, an enum or a library global (`Object`, `Math`). */
export function isStaticReceiver(cx: LowerContext, node: ts.Expression): boolean {
  const ts = cx.ts;
  if (!ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return false;
  const symbol = cx.checker.getSymbolAtLocation(ts.isIdentifier(node) ? node : node.name);
  if (!symbol) return false;
  if (symbol.flags & (ts.SymbolFlags.Module | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) return true;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  return declaration !== undefined && ts.isVariableDeclaration(declaration) && cx.isLibrary(declaration);
}

/** A named property of an evaluated object: a field, an accessor, a library property or a dynamic lookup. */
export function memberOf(
  cx: LowerContext,
  object: IrExpr,
  name: string,
  symbol: ts.Symbol | undefined,
  node: ts.Node,
  type?: IrType,
): IrExpr {
  const ts = cx.ts;
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  const valueType = type ?? cx.types.ofNode(node);
  if (!declaration) return { kind: 'member', object, name, type: valueType };
  if (cx.isLibrary(declaration)) return { kind: 'api', api: cx.api(declaration), object, type: valueType };
  const owner = declaration.parent;
  const classId = owner ? classIdOf(cx, ts.isConstructorDeclaration(owner) ? owner.parent : owner) : undefined;
  if (classId !== undefined && (ts.isPropertyDeclaration(declaration) || ts.isParameter(declaration))) {
    return { kind: 'field', object, class: classId, name, type: valueType };
  }
  if (classId !== undefined && (ts.isGetAccessorDeclaration(declaration) || ts.isSetAccessorDeclaration(declaration))) {
    const getter = symbol!.declarations!.find((d) => ts.isGetAccessorDeclaration(d));
    const setter = symbol!.declarations!.find((d) => ts.isSetAccessorDeclaration(d));
    const get = getter ? cx.functionOf.get(getter) : undefined;
    const set = setter ? cx.functionOf.get(setter) : undefined;
    return {
      kind: 'accessor',
      object,
      class: classId,
      name,
      ...(get === undefined ? {} : { get }),
      ...(set === undefined ? {} : { set }),
      type: valueType,
    };
  }
  return { kind: 'member', object, name, type: valueType };
}

function classIdOf(cx: LowerContext, node: ts.Node): number | undefined {
  return cx.ts.isClassDeclaration(node) ? cx.classOf.get(node) : undefined;
}

function enumConstant(
  cx: LowerContext,
  node: ts.PropertyAccessExpression | ts.ElementAccessExpression,
): IrExpr | undefined {
  let value = cx.checker.getConstantValue(node);
  if (value === undefined) {
    // The checker answers for const enums only; a program's own enums have constant members too.
    // (`E.Member` and `E["Member"]`; `E[x]` is the enum object's reverse lookup.)
    const ts = cx.ts;
    const member = ts.isPropertyAccessExpression(node)
      ? cx.checker.getSymbolAtLocation(node.name)?.valueDeclaration
      : ts.isStringLiteral(node.argumentExpression)
        ? cx.checker.getTypeAtLocation(node.expression).getProperty(node.argumentExpression.text)?.valueDeclaration
        : undefined;
    if (member && ts.isEnumMember(member)) value = cx.checker.getConstantValue(member);
  }
  if (value === undefined) return undefined;
  const name = node.getText().replace(/\s+/g, '');
  const type = cx.types.ofNode(node);
  return typeof value === 'number' ? { kind: 'number', value, name, type } : { kind: 'string', value, name, type };
}

function lowerElementAccess(cx: LowerContext, scope: FunctionScope, node: ts.ElementAccessExpression): IrExpr {
  const constant = enumConstant(cx, node);
  if (constant) return constant;
  const object = lowerExpression(cx, scope, node.expression);
  return indexOf(cx, scope, object, node);
}

/** `object[argument]` of an evaluated object. */
export function indexOf(
  cx: LowerContext,
  scope: FunctionScope,
  object: IrExpr,
  node: ts.ElementAccessExpression,
): IrExpr {
  const ts = cx.ts;
  const argument = node.argumentExpression;
  const objectType = cx.checker.getTypeAtLocation(node.expression);
  const of = indexKind(cx, objectType);
  if (of === 'any' && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) {
    const symbol = cx.checker.getSymbolAtLocation(node.argumentExpression) ?? objectType.getProperty(argument.text);
    return memberOf(cx, object, argument.text, symbol, node);
  }
  return { kind: 'index', object, index: lowerExpression(cx, scope, argument), of, type: cx.types.ofNode(node) };
}

export function indexKind(cx: LowerContext, type: ts.Type): 'array' | 'string' | 'buffer' | 'any' {
  const ts = cx.ts;
  if (cx.checker.isArrayType(type) || cx.checker.isTupleType(type)) return 'array';
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  const mapped = cx.types.of(type);
  if (mapped.kind === 'library' && mapped.name === 'Buffer') return 'buffer';
  return 'any';
}

// --- Optional chaining ---------------------------------------------------------------------------

/**
 * `a?.b.c`, `f?.()`, `o.m?.(x)`: each `?.` stores the value before it in a temporary and the
 * whole rest of the chain becomes undefined when that value is null or undefined.
 */
function lowerOptionalChain(cx: LowerContext, scope: FunctionScope, top: ts.Expression): IrExpr {
  const ts = cx.ts;
  const type = cx.types.ofNode(top);
  const guard = (value: IrExpr, rest: (v: IrExpr) => IrExpr): IrExpr => {
    const temp = cx.temp(scope.fn, value.type);
    return {
      kind: 'cond',
      test: isNullish(assignTo(temp, value)),
      then: undefinedValue,
      else: rest(varRef(temp)),
      type,
    };
  };
  const inChain = (node: ts.Expression) => ts.isOptionalChain(node);
  const walk = (node: ts.Expression, k: (value: IrExpr) => IrExpr): IrExpr => {
    if (ts.isNonNullExpression(node)) return walk(node.expression, k);
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
      const viaReceiver = (
        step: (receiver: IrExpr) => IrExpr,
        member: ts.PropertyAccessExpression | ts.ElementAccessExpression,
      ) => {
        const after = member.questionDotToken ? (r: IrExpr) => guard(r, step) : step;
        return inChain(member.expression)
          ? walk(member.expression, after)
          : after(lowerExpression(cx, scope, member.expression));
      };
      if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
        const member = callee;
        if (!node.questionDotToken) {
          // `o.m(…)`, `o?.m(…)`: the chain delivers the receiver.
          return viaReceiver((receiver) => k(lowerCall(cx, scope, node, { receiver })), member);
        }
        // `o.m?.(…)`: keep the receiver (it is `this` in the call); nothing happens when `o.m` is missing.
        return viaReceiver((receiver) => {
          const held = cx.temp(scope.fn, receiver.type);
          const method = ts.isPropertyAccessExpression(member)
            ? memberOf(cx, varRef(held), member.name.text, cx.checker.getSymbolAtLocation(member.name), member)
            : indexOf(cx, scope, varRef(held), member);
          return sequence([
            assignTo(held, receiver),
            {
              kind: 'cond',
              test: isNullish(method),
              then: undefinedValue,
              else: k(lowerCall(cx, scope, node, { receiver: varRef(held) })),
              type,
            },
          ]);
        }, member);
      }
      const calleeStep = (fn: IrExpr) => k(lowerCall(cx, scope, node, { callee: fn }));
      const afterCallee = node.questionDotToken ? (f: IrExpr) => guard(f, calleeStep) : calleeStep;
      return inChain(callee) ? walk(callee, afterCallee) : afterCallee(lowerExpression(cx, scope, callee));
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const step = (object: IrExpr) =>
        k(
          ts.isPropertyAccessExpression(node)
            ? memberOf(cx, object, node.name.text, cx.checker.getSymbolAtLocation(node.name), node)
            : indexOf(cx, scope, object, node),
        );
      const afterObject = node.questionDotToken ? (o: IrExpr) => guard(o, step) : step;
      return inChain(node.expression)
        ? walk(node.expression, afterObject)
        : afterObject(lowerExpression(cx, scope, node.expression));
    }
    return k(lowerExpression(cx, scope, node));
  };
  return walk(top, (value) => value);
}

// --- Operators -------------------------------------------------------------------------------------

function lowerUnary(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.PrefixUnaryExpression | ts.PostfixUnaryExpression,
): IrExpr {
  const ts = cx.ts;
  const op = node.operator;
  if (op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken) {
    return lowerUpdate(
      cx,
      scope,
      node.operand,
      op === ts.SyntaxKind.PlusPlusToken ? '+' : '-',
      ts.isPrefixUnaryExpression(node),
    );
  }
  const operand = lowerExpression(cx, scope, node.operand);
  switch (op) {
    case ts.SyntaxKind.ExclamationToken:
      return { kind: 'unary', op: '!', operand, type: booleanType };
    case ts.SyntaxKind.MinusToken:
      return { kind: 'unary', op: '-', operand, type: numberType };
    case ts.SyntaxKind.PlusToken:
      return { kind: 'unary', op: '+', operand, type: numberType };
    default:
      return { kind: 'unary', op: '~', operand, type: numberType };
  }
}

function lowerDelete(cx: LowerContext, scope: FunctionScope, node: ts.DeleteExpression): IrExpr {
  const target = lowerExpression(cx, scope, node.expression);
  if (target.kind !== 'member' && target.kind !== 'index') {
    cx.unsupported(node, 'delete of this kind of property');
    return undefinedValue;
  }
  return { kind: 'delete', target, type: booleanType };
}

const arithmetic = new Map<string, IrExprBinaryOp>([
  ['+', '+'],
  ['-', '-'],
  ['*', '*'],
  ['/', '/'],
  ['%', '%'],
  ['**', '**'],
  ['<<', '<<'],
  ['>>', '>>'],
  ['>>>', '>>>'],
  ['&', '&'],
  ['|', '|'],
  ['^', '^'],
  ['==', '=='],
  ['!=', '!='],
  ['===', '==='],
  ['!==', '!=='],
  ['<', '<'],
  ['<=', '<='],
  ['>', '>'],
  ['>=', '>='],
  ['in', 'in'],
]);

type IrExprBinaryOp = Extract<IrExpr, { kind: 'binary' }>['op'];

function lowerBinary(cx: LowerContext, scope: FunctionScope, node: ts.BinaryExpression): IrExpr {
  const ts = cx.ts;
  const kind = node.operatorToken.kind;
  if (kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment) {
    return lowerAssignment(cx, scope, node);
  }
  if (kind === ts.SyntaxKind.CommaToken) {
    const items: IrExpr[] = [];
    const flatten = (e: ts.Expression) => {
      if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken) {
        flatten(e.left);
        flatten(e.right);
      } else items.push(lowerExpression(cx, scope, e));
    };
    flatten(node);
    return sequence(items);
  }
  if (
    kind === ts.SyntaxKind.AmpersandAmpersandToken ||
    kind === ts.SyntaxKind.BarBarToken ||
    kind === ts.SyntaxKind.QuestionQuestionToken
  ) {
    return {
      kind: 'logical',
      op: kind === ts.SyntaxKind.AmpersandAmpersandToken ? '&&' : kind === ts.SyntaxKind.BarBarToken ? '||' : '??',
      left: lowerExpression(cx, scope, node.left),
      right: lowerExpression(cx, scope, node.right),
      type: cx.types.ofNode(node),
    };
  }
  if (kind === ts.SyntaxKind.InstanceOfKeyword) return lowerInstanceOf(cx, scope, node);
  const text = ts.tokenToString(kind) ?? '';
  const op = arithmetic.get(text);
  if (!op) {
    cx.unsupported(node.operatorToken, `The operator ${text}`);
    return undefinedValue;
  }
  const left = lowerExpression(cx, scope, node.left);
  const right = lowerExpression(cx, scope, node.right);
  if (op === '+') {
    const type = cx.types.ofNode(node);
    if (type.kind === 'string') return { kind: 'binary', op: 'concat', left, right, type };
    return { kind: 'binary', op, left, right, type: type.kind === 'number' ? numberType : anyType };
  }
  const comparison = /^[=!<>]|^in$/.test(op);
  return { kind: 'binary', op, left, right, type: comparison ? booleanType : numberType };
}

function lowerInstanceOf(cx: LowerContext, scope: FunctionScope, node: ts.BinaryExpression): IrExpr {
  const ts = cx.ts;
  const value = lowerExpression(cx, scope, node.left);
  const symbol = cx.checker.getSymbolAtLocation(
    ts.isPropertyAccessExpression(node.right) ? node.right.name : node.right,
  );
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (declaration && ts.isClassDeclaration(declaration) && cx.classOf.has(declaration)) {
    return { kind: 'instanceof', value, class: cx.classOf.get(declaration)!, type: booleanType };
  }
  if (declaration && cx.isLibrary(declaration) && symbol) {
    return { kind: 'instanceof', value, library: cx.checker.getFullyQualifiedName(symbol), type: booleanType };
  }
  cx.unsupported(node.right, 'instanceof with this right-hand side');
  return undefinedValue;
}

// --- Literals --------------------------------------------------------------------------------------

function lowerTemplate(cx: LowerContext, scope: FunctionScope, node: ts.TemplateExpression): IrExpr {
  const strings = [node.head.text];
  const values: IrExpr[] = [];
  for (const span of node.templateSpans) {
    values.push(lowerExpression(cx, scope, span.expression));
    strings.push(span.literal.text);
  }
  return { kind: 'template', strings, values, type: stringType };
}

/**
 * hex`…` is a buffer literal. Any other tag is called with the template's strings (cooked text,
 * as a plain list: no `raw`) and values.
 */
function lowerTaggedTemplate(cx: LowerContext, scope: FunctionScope, node: ts.TaggedTemplateExpression): IrExpr {
  const ts = cx.ts;
  // (Through a ts.Node: the guard would narrow `node` to never after the return.)
  const tagged: ts.Node = node;
  if (isHexLiteral(ts, cx.checker, tagged)) {
    const checked = checkHexLiteral(ts, tagged);
    return { kind: 'buffer', hex: checked.ok ? checked.digits : '', type: { kind: 'library', name: 'Buffer' } };
  }
  const template = node.template;
  const strings: IrExpr[] = [];
  const values: IrExpr[] = [];
  if (ts.isNoSubstitutionTemplateLiteral(template))
    strings.push({ kind: 'string', value: template.text, type: stringType });
  else {
    strings.push({ kind: 'string', value: template.head.text, type: stringType });
    for (const span of template.templateSpans) {
      values.push(lowerExpression(cx, scope, span.expression));
      strings.push({ kind: 'string', value: span.literal.text, type: stringType });
    }
  }
  const tag = lowerExpression(cx, scope, node.tag);
  const args = [
    { kind: 'array' as const, elements: strings, type: { kind: 'array' as const, element: stringType } },
    ...values,
  ];
  const target =
    tag.kind === 'function' ? { kind: 'function' as const, fn: tag.fn } : { kind: 'closure' as const, callee: tag };
  return { kind: 'call', target, args, waits: false, type: cx.types.ofNode(node) };
}

function lowerObjectLiteral(cx: LowerContext, scope: FunctionScope, node: ts.ObjectLiteralExpression): IrExpr {
  const ts = cx.ts;
  const properties: IrObjectProperty[] = [];
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      properties.push({ kind: 'spread', value: lowerExpression(cx, scope, property.expression) });
      continue;
    }
    const name = propertyName(cx, scope, property.name);
    if (name === undefined) continue;
    if (ts.isPropertyAssignment(property)) {
      properties.push({ kind: 'property', name, value: lowerExpression(cx, scope, property.initializer) });
    } else if (ts.isShorthandPropertyAssignment(property)) {
      const symbol = cx.checker.getShorthandAssignmentValueSymbol(property);
      properties.push({ kind: 'property', name, value: lowerSymbolReference(cx, scope, property.name, symbol) });
    } else if (ts.isMethodDeclaration(property)) {
      properties.push({ kind: 'property', name, value: lowerClosure(cx, scope, property) });
    } else {
      cx.unsupported(property, 'A getter or setter in an object literal');
    }
  }
  return { kind: 'object', properties, type: cx.types.ofNode(node) };
}

/** A property name as text, or the computed key's expression. */
function propertyName(cx: LowerContext, scope: FunctionScope, name: ts.PropertyName): string | IrExpr | undefined {
  const ts = cx.ts;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return lowerExpression(cx, scope, name.expression);
  cx.unsupported(name, 'A private name (#name)');
  return undefined;
}
