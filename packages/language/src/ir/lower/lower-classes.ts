// Classes of the program: fields (parameter properties included), a constructor that runs the
// field initializers (synthesized when the source has none), methods, getters/setters, static
// members (static fields are globals), and the superclass when it is a program class.

import type ts from 'typescript';
import type { IrArgument, IrStmt } from '../ir-nodes.ts';
import { anyType, voidType } from '../ir-types.ts';
import { varRef } from './ir-build.ts';
import { type ClassBuilder, FunctionScope, type LowerContext } from './lower-context.ts';
import { lowerExpression } from './lower-expressions.ts';
import { lowerFunctionBody, resultType } from './lower-functions.ts';

/** Registers a class, its members' functions and its static fields (bodies come later). */
export function declareClass(cx: LowerContext, node: ts.ClassDeclaration): void {
  const ts = cx.ts;
  if (!node.name) {
    cx.unsupported(node, 'A class without a name');
    return;
  }
  const name = cx.qualifiedName(node, node.name.text);
  const id = cx.classes.length;
  cx.classOf.set(node, id);
  const builder: ClassBuilder = {
    id,
    name,
    node,
    fields: [],
    methods: [],
    staticFields: [],
    ctor: -1,
    loc: cx.loc(node),
  };
  cx.classes.push(builder);
  const ctorNode = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  if (ctorNode) {
    builder.ctor = cx.newFunction({
      name: `${name}.constructor`,
      kind: 'constructor',
      node: ctorNode,
      position: cx.position(ctorNode),
      result: voidType,
      class: id,
    }).id;
    for (const parameter of ctorNode.parameters) {
      if (isParameterProperty(ts, parameter) && ts.isIdentifier(parameter.name)) {
        builder.fields.push({ name: parameter.name.text, type: cx.types.ofNode(parameter) });
      }
    }
  } else {
    builder.ctor = cx.newFunction({
      name: `${name}.constructor`,
      kind: 'constructor',
      position: cx.position(node),
      result: voidType,
      class: id,
      synthetic: true,
    }).id;
  }
  for (const member of node.members) {
    const isStatic = (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0;
    if (
      ts.isConstructorDeclaration(member) ||
      ts.isSemicolonClassElement(member) ||
      ts.isIndexSignatureDeclaration(member)
    ) {
      continue;
    }
    const memberName = member.name && memberText(ts, member.name);
    if (memberName === undefined) {
      cx.unsupported(
        member,
        member.name && ts.isPrivateIdentifier(member.name) ? 'A private #name' : 'This class member',
      );
      continue;
    }
    if (ts.isPropertyDeclaration(member)) {
      if (isStatic) {
        const symbol = cx.checker.getSymbolAtLocation(member.name);
        const variable = cx.newVariable({
          name: `${name}.${memberName}`,
          type: cx.types.ofNode(member),
          storage: 'global',
          fn: 0,
          const: (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Readonly) !== 0,
        });
        if (symbol) cx.bindVariable(symbol, variable);
        builder.staticFields.push(variable.id);
      } else if (!builder.fields.some((f) => f.name === memberName)) {
        builder.fields.push({ name: memberName, type: cx.types.ofNode(member) });
      }
      continue;
    }
    if (
      (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) &&
      member.body
    ) {
      const kind = ts.isMethodDeclaration(member)
        ? 'method'
        : ts.isGetAccessorDeclaration(member)
          ? 'getter'
          : 'setter';
      const fn = cx.newFunction({
        name: `${name}.${kind === 'method' ? '' : kind === 'getter' ? 'get ' : 'set '}${memberName}`,
        kind,
        node: member,
        position: cx.position(member),
        result: resultType(cx, member),
        class: id,
        static: isStatic,
      });
      builder.methods.push({ name: memberName, kind, fn: fn.id, static: isStatic });
      continue;
    }
    if (ts.isClassStaticBlockDeclaration(member)) cx.unsupported(member, 'A static block');
  }
}

/** The superclass of each class, once every class is registered. */
export function resolveBases(cx: LowerContext): void {
  const ts = cx.ts;
  for (const builder of cx.classes) {
    const heritage = builder.node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
    const expression = heritage?.types[0]?.expression;
    if (!expression) continue;
    const symbol = cx.checker.getSymbolAtLocation(
      ts.isPropertyAccessExpression(expression) ? expression.name : expression,
    );
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    const base = declaration ? cx.classOf.get(declaration) : undefined;
    if (base === undefined) cx.unsupported(expression, 'Extending a library class');
    else builder.base = base;
  }
}

export function lowerClass(cx: LowerContext, builder: ClassBuilder): void {
  const ts = cx.ts;
  const node = builder.node;
  const ctorNode = node.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  const fieldInit = (scope: FunctionScope): IrStmt[] => {
    const out: IrStmt[] = [];
    const thisValue = {
      kind: 'this' as const,
      type: { kind: 'class' as const, class: builder.id, name: builder.name },
    };
    for (const parameter of ctorNode?.parameters ?? []) {
      if (!isParameterProperty(ts, parameter) || !ts.isIdentifier(parameter.name)) continue;
      const symbol = cx.checker.getSymbolAtLocation(parameter.name);
      const variable = symbol ? cx.variableFor(symbol) : undefined;
      if (!variable) continue;
      out.push({
        kind: 'expr',
        expr: {
          kind: 'assign',
          target: {
            kind: 'field',
            object: thisValue,
            class: builder.id,
            name: parameter.name.text,
            type: variable.type,
          },
          value: varRef(variable),
          type: variable.type,
        },
        loc: cx.loc(parameter),
      });
    }
    for (const member of node.members) {
      if (!ts.isPropertyDeclaration(member) || !member.initializer) continue;
      if (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) continue;
      const name = memberText(ts, member.name);
      if (name === undefined) continue;
      const value = lowerExpression(cx, scope, member.initializer);
      out.push({
        kind: 'expr',
        expr: {
          kind: 'assign',
          target: { kind: 'field', object: thisValue, class: builder.id, name, type: cx.types.ofNode(member) },
          value,
          type: value.type,
        },
        loc: cx.loc(member),
      });
    }
    return out;
  };
  const ctor = cx.functions[builder.ctor]!;
  const derived = builder.base !== undefined;
  if (ctorNode) {
    lowerFunctionBody(cx, ctor, ctorNode, undefined, { fieldInit, derived });
  } else {
    const scope = new FunctionScope(ctor, undefined, false);
    const body: IrStmt[] = [];
    if (derived) {
      // JavaScript's default constructor passes its arguments on: the same parameters as the base's.
      const args: IrArgument[] = [];
      baseParameters(cx, builder).forEach((parameter, i) => {
        const variable = cx.newVariable({
          name: `$p${i}`,
          type: cx.types.ofNode(parameter),
          storage: 'param',
          fn: ctor.id,
          const: false,
          synthetic: true,
        });
        if (parameter.dotDotDotToken) {
          ctor.rest = variable.id;
          args.push({ kind: 'spread', value: varRef(variable) });
        } else {
          ctor.params.push(variable.id);
          args.push(varRef(variable));
        }
      });
      body.push({
        kind: 'expr',
        expr: {
          kind: 'call',
          target: { kind: 'superConstructor', class: builder.base! },
          args,
          waits: false,
          type: anyType,
        },
        loc: builder.loc,
      });
    }
    ctor.body = [...body, ...fieldInit(scope)];
  }
  for (const member of node.members) {
    if (!(ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)))
      continue;
    const fn = cx.functionOf.get(member);
    if (fn !== undefined) lowerFunctionBody(cx, cx.functions[fn]!, member, undefined);
  }
}

/** Where a class is defined in the main function: the class, then its static field initializers. */
export function lowerClassDefinition(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.ClassDeclaration,
  out: IrStmt[],
): void {
  const ts = cx.ts;
  const id = cx.classOf.get(node);
  if (id === undefined) return;
  const builder = cx.classes[id]!;
  out.push({ kind: 'class', class: id, loc: builder.loc });
  let next = 0;
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member) || !(ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static)) continue;
    const variable = builder.staticFields[next++];
    if (variable === undefined) continue;
    const loc = cx.loc(member);
    out.push(
      member.initializer
        ? { kind: 'let', var: variable, init: lowerExpression(cx, scope, member.initializer), loc }
        : { kind: 'let', var: variable, loc },
    );
  }
}

/** The parameters of the nearest explicit constructor up the class chain. */
function baseParameters(cx: LowerContext, builder: ClassBuilder): readonly ts.ParameterDeclaration[] {
  const ts = cx.ts;
  for (let c = builder.base; c !== undefined; c = cx.classes[c]!.base) {
    const ctor = cx.classes[c]!.node.members.find(
      (m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body,
    );
    if (ctor) return ctor.parameters;
  }
  return [];
}

function isParameterProperty(tsApi: typeof ts, parameter: ts.ParameterDeclaration): boolean {
  return (tsApi.getCombinedModifierFlags(parameter) & tsApi.ModifierFlags.ParameterPropertyModifier) !== 0;
}

function memberText(tsApi: typeof ts, name: ts.PropertyName): string | undefined {
  if (tsApi.isIdentifier(name) || tsApi.isStringLiteral(name) || tsApi.isNumericLiteral(name)) return name.text;
  return undefined;
}
