// Statements -> structured IR statements. Loops of every kind become one `loop` statement
// (for-of and for-in iterate by index); break/continue name their target's label id.

import type ts from 'typescript';
import type { IrExpr, IrStmt } from '../ir-nodes.ts';
import { numberType, booleanType } from '../ir-types.ts';
import { assignTo, num, varRef } from './ir-build.ts';
import { lowerTarget } from './lower-assignments.ts';
import { type Breakable, type FunctionScope, isAmbient, type LowerContext } from './lower-context.ts';
import { indexKind, lowerExpression } from './lower-expressions.ts';
import { lowerLocalFunction } from './lower-functions.ts';
import { type BindMode, bindName, lowerBindingPattern } from './lower-patterns.ts';

/** A block's statements; functions declared in it come first (JavaScript creates them on entry). */
export function lowerStatementList(
  cx: LowerContext,
  scope: FunctionScope,
  statements: readonly ts.Statement[],
): IrStmt[] {
  const ts = cx.ts;
  const out: IrStmt[] = [];
  for (const statement of statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      const local = lowerLocalFunction(cx, scope, statement);
      if (local) out.push(local);
    }
  }
  for (const statement of statements) lowerStatement(cx, scope, statement, out);
  return out;
}

function lowerBody(cx: LowerContext, scope: FunctionScope, statement: ts.Statement): IrStmt[] {
  if (cx.ts.isBlock(statement)) return lowerStatementList(cx, scope, statement.statements);
  const out: IrStmt[] = [];
  lowerStatement(cx, scope, statement, out);
  return out;
}

export function lowerStatement(cx: LowerContext, scope: FunctionScope, node: ts.Statement, out: IrStmt[]): void {
  const ts = cx.ts;
  if (isAmbient(ts, node)) return;
  switch (node.kind) {
    case ts.SyntaxKind.ExpressionStatement:
      out.push({
        kind: 'expr',
        expr: lowerExpression(cx, scope, (node as ts.ExpressionStatement).expression),
        loc: cx.loc(node),
      });
      return;
    case ts.SyntaxKind.VariableStatement:
      lowerVariableList(cx, scope, (node as ts.VariableStatement).declarationList, cx.loc(node), out);
      return;
    case ts.SyntaxKind.IfStatement: {
      const s = node as ts.IfStatement;
      const test = lowerExpression(cx, scope, s.expression);
      const then = lowerBody(cx, scope, s.thenStatement);
      out.push(
        s.elseStatement
          ? { kind: 'if', test, then, else: lowerBody(cx, scope, s.elseStatement), loc: cx.loc(node) }
          : { kind: 'if', test, then, loc: cx.loc(node) },
      );
      return;
    }
    case ts.SyntaxKind.Block:
      out.push({
        kind: 'block',
        body: lowerStatementList(cx, scope, (node as ts.Block).statements),
        loc: cx.loc(node),
      });
      return;
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.SwitchStatement:
      out.push(lowerBreakable(cx, scope, node, undefined));
      return;
    case ts.SyntaxKind.LabeledStatement:
      out.push(lowerLabeled(cx, scope, node as ts.LabeledStatement));
      return;
    case ts.SyntaxKind.BreakStatement:
    case ts.SyntaxKind.ContinueStatement:
      lowerJump(cx, scope, node as ts.BreakOrContinueStatement, out);
      return;
    case ts.SyntaxKind.ReturnStatement: {
      const value = (node as ts.ReturnStatement).expression;
      out.push(
        value
          ? { kind: 'return', value: lowerExpression(cx, scope, value), loc: cx.loc(node) }
          : { kind: 'return', loc: cx.loc(node) },
      );
      return;
    }
    case ts.SyntaxKind.ThrowStatement:
      out.push({
        kind: 'throw',
        value: lowerExpression(cx, scope, (node as ts.ThrowStatement).expression),
        loc: cx.loc(node),
      });
      return;
    case ts.SyntaxKind.TryStatement:
      out.push(lowerTry(cx, scope, node as ts.TryStatement));
      return;
    case ts.SyntaxKind.FunctionDeclaration:
      // Hoisted by lowerStatementList (or a program function, at the top level).
      return;
    case ts.SyntaxKind.EmptyStatement:
    case ts.SyntaxKind.DebuggerStatement:
    case ts.SyntaxKind.InterfaceDeclaration:
    case ts.SyntaxKind.TypeAliasDeclaration:
    case ts.SyntaxKind.ImportDeclaration:
    case ts.SyntaxKind.ExportDeclaration:
    case ts.SyntaxKind.ExportAssignment:
      return;
    case ts.SyntaxKind.ClassDeclaration:
      cx.unsupported(node, 'A class declared inside a function or block');
      return;
    case ts.SyntaxKind.EnumDeclaration:
      cx.unsupported(node, 'An enum declared inside a function or block');
      return;
    case ts.SyntaxKind.ModuleDeclaration:
      cx.unsupported(node, 'A namespace inside a function or block');
      return;
    default:
      cx.unsupported(node, `This kind of statement (${ts.SyntaxKind[node.kind]})`);
  }
}

// --- Variables --------------------------------------------------------------------------------------

function lowerVariableList(
  cx: LowerContext,
  scope: FunctionScope,
  list: ts.VariableDeclarationList,
  loc: number,
  out: IrStmt[],
): void {
  const ts = cx.ts;
  const mode: BindMode = list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const) ? 'let' : 'assign';
  for (const declaration of list.declarations) {
    const init = declaration.initializer ? lowerExpression(cx, scope, declaration.initializer) : undefined;
    if (ts.isIdentifier(declaration.name)) {
      const symbol = cx.checker.getSymbolAtLocation(declaration.name);
      const variable = symbol ? cx.variableFor(symbol) : undefined;
      if (!variable) {
        cx.unsupported(declaration, 'This declaration');
        continue;
      }
      if (mode === 'assign' && !scope.hoistedVars.has(variable)) scope.hoistedVars.set(variable, loc);
      bindName(cx, variable, init, mode, loc, out);
      continue;
    }
    if (!init) {
      cx.unsupported(declaration, 'Destructuring without a value');
      continue;
    }
    const temp = cx.temp(scope.fn, init.type);
    out.push({ kind: 'expr', expr: assignTo(temp, init), loc });
    const type = cx.checker.getTypeAtLocation(declaration.initializer!);
    lowerBindingPattern(cx, scope, declaration.name, varRef(temp), type, mode, loc, out);
  }
}

// --- Loops, switch, labels ----------------------------------------------------------------------------

function lowerLabeled(cx: LowerContext, scope: FunctionScope, node: ts.LabeledStatement): IrStmt {
  const ts = cx.ts;
  const inner = node.statement;
  const name = node.label.text;
  if (ts.isIterationStatement(inner, false) || ts.isSwitchStatement(inner))
    return lowerBreakable(cx, scope, inner, name);
  const breakable = scope.newBreakable('labeled', name);
  scope.breakables.push(breakable);
  const body = lowerBody(cx, scope, inner);
  scope.breakables.pop();
  return { kind: 'labeled', label: breakable.label, named: breakable.named, body, loc: cx.loc(node) };
}

function lowerBreakable(cx: LowerContext, scope: FunctionScope, node: ts.Statement, name: string | undefined): IrStmt {
  const ts = cx.ts;
  const breakable = scope.newBreakable(ts.isSwitchStatement(node) ? 'switch' : 'loop', name);
  const loc = cx.loc(node);
  if (ts.isSwitchStatement(node)) {
    const value = lowerExpression(cx, scope, node.expression);
    scope.breakables.push(breakable);
    const cases = node.caseBlock.clauses.map((clause) => {
      const body = lowerStatementList(cx, scope, clause.statements);
      return ts.isCaseClause(clause)
        ? { test: lowerExpression(cx, scope, clause.expression), body, loc: cx.loc(clause) }
        : { body, loc: cx.loc(clause) };
    });
    scope.breakables.pop();
    return { kind: 'switch', label: breakable.label, named: breakable.named, value, cases, loc };
  }
  if (ts.isForOfStatement(node) || ts.isForInStatement(node)) return lowerForEach(cx, scope, node, breakable, loc);
  const header = ts.isForStatement(node) ? forHeader(cx, scope, node, loc) : undefined;
  scope.breakables.push(breakable);
  const body = lowerBody(cx, scope, (node as ts.IterationStatement).statement);
  scope.breakables.pop();
  const common = { kind: 'loop' as const, label: breakable.label, named: breakable.named, body, loc };
  if (ts.isWhileStatement(node)) return { ...common, loop: 'while', test: lowerExpression(cx, scope, node.expression) };
  if (ts.isDoStatement(node)) return { ...common, loop: 'do', test: lowerExpression(cx, scope, node.expression) };
  const h = header!;
  return {
    ...common,
    loop: 'for',
    ...(h.init.length > 0 ? { init: h.init } : {}),
    ...(h.test ? { test: h.test } : {}),
    ...(h.update ? { update: h.update } : {}),
  };
}

/** A for loop's header: init statements, test and update. */
function forHeader(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.ForStatement,
  loc: number,
): { init: IrStmt[]; test?: IrExpr; update?: IrExpr } {
  const ts = cx.ts;
  const init: IrStmt[] = [];
  if (node.initializer) {
    if (ts.isVariableDeclarationList(node.initializer)) lowerVariableList(cx, scope, node.initializer, loc, init);
    else init.push({ kind: 'expr', expr: lowerExpression(cx, scope, node.initializer), loc });
  }
  return {
    init,
    ...(node.condition ? { test: lowerExpression(cx, scope, node.condition) } : {}),
    ...(node.incrementor ? { update: lowerExpression(cx, scope, node.incrementor) } : {}),
  };
}

/**
 * for (x of list) -> for ($t1 = list, $t2 = 0; $t2 < $t1.length; $t2++) { let x = $t1[$t2]; … }
 * for (k in obj)  -> the same over Object.keys(obj).
 */
function lowerForEach(
  cx: LowerContext,
  scope: FunctionScope,
  node: ts.ForOfStatement | ts.ForInStatement,
  breakable: Breakable,
  loc: number,
): IrStmt {
  const ts = cx.ts;
  let iterable = lowerExpression(cx, scope, node.expression);
  let iterableType = cx.checker.getTypeAtLocation(node.expression);
  if (ts.isForInStatement(node)) {
    const keys = objectKeys(cx, node);
    if (!keys) return { kind: 'block', body: [], loc };
    iterable = {
      kind: 'call',
      target: { kind: 'api', api: keys.api },
      args: [iterable],
      waits: false,
      type: { kind: 'array', element: { kind: 'string' } },
    };
    iterableType = keys.type;
  }
  const list = cx.temp(scope.fn, iterable.type);
  const index = cx.temp(scope.fn, numberType);
  const of = indexKind(cx, iterableType);
  const lengthSymbol = iterableType.getProperty('length');
  const lengthDeclaration = lengthSymbol?.valueDeclaration ?? lengthSymbol?.declarations?.[0];
  const length: IrExpr =
    lengthDeclaration && cx.isLibrary(lengthDeclaration)
      ? { kind: 'api', api: cx.api(lengthDeclaration), object: varRef(list), type: numberType }
      : { kind: 'member', object: varRef(list), name: 'length', type: numberType };
  const element: IrExpr = {
    kind: 'index',
    object: varRef(list),
    index: varRef(index),
    of: of === 'any' ? 'any' : of,
    type: ts.isForInStatement(node) ? { kind: 'string' } : cx.types.of(elementType(cx, iterableType)),
  };
  const head: IrStmt[] = [];
  const initializer = node.initializer;
  if (ts.isVariableDeclarationList(initializer)) {
    const declaration = initializer.declarations[0]!;
    const mode: BindMode = initializer.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const) ? 'let' : 'assign';
    if (ts.isIdentifier(declaration.name)) {
      const symbol = cx.checker.getSymbolAtLocation(declaration.name);
      const variable = symbol ? cx.variableFor(symbol) : undefined;
      if (variable) {
        if (mode === 'assign' && !scope.hoistedVars.has(variable)) scope.hoistedVars.set(variable, loc);
        bindName(cx, variable, element, mode, loc, head);
      }
    } else {
      const held = cx.temp(scope.fn, element.type);
      head.push({ kind: 'expr', expr: assignTo(held, element), loc });
      lowerBindingPattern(
        cx,
        scope,
        declaration.name,
        varRef(held),
        cx.checker.getTypeAtLocation(declaration),
        mode,
        loc,
        head,
      );
    }
  } else {
    const target = lowerTarget(cx, scope, initializer);
    if (target) head.push({ kind: 'expr', expr: { kind: 'assign', target, value: element, type: element.type }, loc });
  }
  scope.breakables.push(breakable);
  const body = lowerBody(cx, scope, node.statement);
  scope.breakables.pop();
  return {
    kind: 'loop',
    loop: 'for',
    label: breakable.label,
    named: breakable.named,
    init: [
      { kind: 'expr', expr: assignTo(list, iterable), loc },
      { kind: 'expr', expr: assignTo(index, num(0)), loc },
    ],
    test: { kind: 'binary', op: '<', left: varRef(index), right: length, type: booleanType },
    update: { kind: 'update', op: '+', prefix: true, target: varRef(index), type: numberType },
    body: [...head, ...body],
    loc,
  };
}

function elementType(cx: LowerContext, type: ts.Type): ts.Type {
  if (cx.checker.isArrayType(type)) return cx.checker.getTypeArguments(type as ts.TypeReference)[0] ?? type;
  if (type.flags & cx.ts.TypeFlags.StringLike) return type;
  const numberIndex = type.getNumberIndexType();
  return numberIndex ?? cx.checker.getAnyType();
}

/** `Object.keys` from the language library, for for-in loops. */
function objectKeys(
  cx: LowerContext,
  node: ts.ForInStatement,
): { api: ReturnType<LowerContext['api']>; type: ts.Type } | undefined {
  const ts = cx.ts;
  const objectSymbol = cx.checker
    .getSymbolsInScope(node, ts.SymbolFlags.Variable)
    .find((s) => s.name === 'Object' && s.declarations?.some((d) => cx.isLibrary(d)));
  const objectType = objectSymbol ? cx.checker.getTypeOfSymbol(objectSymbol) : undefined;
  const keys = objectType?.getProperty('keys');
  const declaration = keys?.valueDeclaration ?? keys?.declarations?.[0];
  if (!declaration || !objectType) {
    cx.unsupported(node, 'for…in');
    return undefined;
  }
  const signature = cx.checker.getTypeOfSymbol(keys!).getCallSignatures()[0];
  return { api: cx.api(declaration), type: signature ? signature.getReturnType() : cx.checker.getAnyType() };
}

function lowerJump(cx: LowerContext, scope: FunctionScope, node: ts.BreakOrContinueStatement, out: IrStmt[]): void {
  const ts = cx.ts;
  const isContinue = ts.isContinueStatement(node);
  const reaches = (b: Breakable) => (isContinue ? b.kind === 'loop' : b.kind !== 'labeled');
  let natural: Breakable | undefined;
  for (let i = scope.breakables.length - 1; i >= 0 && !natural; i--) {
    if (reaches(scope.breakables[i]!)) natural = scope.breakables[i];
  }
  let target = natural;
  if (node.label) {
    target = undefined;
    for (let i = scope.breakables.length - 1; i >= 0 && !target; i--) {
      if (scope.breakables[i]!.name === node.label.text) target = scope.breakables[i];
    }
  }
  if (!target) {
    cx.unsupported(node, isContinue ? 'This continue' : 'This break');
    return;
  }
  if (target !== natural) target.named = true;
  out.push({ kind: isContinue ? 'continue' : 'break', label: target.label, loc: cx.loc(node) });
}

function lowerTry(cx: LowerContext, scope: FunctionScope, node: ts.TryStatement): IrStmt {
  const ts = cx.ts;
  const body = lowerStatementList(cx, scope, node.tryBlock.statements);
  const loc = cx.loc(node);
  let catchVar: number | undefined;
  let handler: IrStmt[] | undefined;
  if (node.catchClause) {
    const declaration = node.catchClause.variableDeclaration;
    const prologue: IrStmt[] = [];
    if (declaration && ts.isIdentifier(declaration.name)) {
      const symbol = cx.checker.getSymbolAtLocation(declaration.name);
      catchVar = symbol ? cx.variableFor(symbol)?.id : undefined;
    } else if (declaration) {
      const caught = cx.newVariable({
        name: '$e',
        type: { kind: 'any' },
        storage: 'local',
        fn: scope.fn.id,
        const: false,
        synthetic: true,
      });
      catchVar = caught.id;
      lowerBindingPattern(
        cx,
        scope,
        declaration.name as ts.BindingPattern,
        varRef(caught),
        cx.checker.getAnyType(),
        'let',
        loc,
        prologue,
      );
    }
    handler = [...prologue, ...lowerStatementList(cx, scope, node.catchClause.block.statements)];
  }
  const finalizer = node.finallyBlock ? lowerStatementList(cx, scope, node.finallyBlock.statements) : undefined;
  return {
    kind: 'try',
    body,
    ...(catchVar === undefined ? {} : { catchVar }),
    ...(handler ? { handler } : {}),
    ...(finalizer ? { finalizer } : {}),
    loc,
  };
}
