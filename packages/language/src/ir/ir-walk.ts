// Visiting the IR: every statement of a statement list (nested ones included) and every
// expression of a statement (closures' bodies are functions of their own: visit them through
// `IrModule.functions`).

import type { IrExpr, IrStmt } from './ir-nodes.ts';

/** Calls `visit` for each statement of `list`, outer before inner, in order. */
export function forEachStatement(list: readonly IrStmt[], visit: (statement: IrStmt) => void): void {
  for (const s of list) {
    visit(s);
    switch (s.kind) {
      case 'if':
        forEachStatement(s.then, visit);
        if (s.else) forEachStatement(s.else, visit);
        break;
      case 'block':
      case 'labeled':
        forEachStatement(s.body, visit);
        break;
      case 'loop':
        if (s.init) forEachStatement(s.init, visit);
        forEachStatement(s.body, visit);
        break;
      case 'switch':
        for (const c of s.cases) forEachStatement(c.body, visit);
        break;
      case 'try':
        forEachStatement(s.body, visit);
        if (s.handler) forEachStatement(s.handler, visit);
        if (s.finalizer) forEachStatement(s.finalizer, visit);
        break;
      default:
        break;
    }
  }
}

/** The expressions a statement evaluates itself (not those of nested statements). */
export function statementExpressions(s: IrStmt): IrExpr[] {
  switch (s.kind) {
    case 'expr':
      return [s.expr];
    case 'let':
      return s.init ? [s.init] : [];
    case 'if':
      return [s.test];
    case 'loop':
      return [s.test, s.update].filter((e): e is IrExpr => e !== undefined);
    case 'switch':
      return [s.value, ...s.cases.flatMap((c) => (c.test ? [c.test] : []))];
    case 'return':
      return s.value ? [s.value] : [];
    case 'throw':
      return [s.value];
    default:
      return [];
  }
}

/** Calls `visit` for `expr` and every expression inside it (not inside closures' bodies). */
export function forEachExpression(expr: IrExpr, visit: (e: IrExpr) => void): void {
  visit(expr);
  switch (expr.kind) {
    case 'field':
    case 'accessor':
    case 'member':
      each(expr.object, visit);
      break;
    case 'api':
      each(expr.object, visit);
      break;
    case 'index':
      each(expr.object, visit);
      each(expr.index, visit);
      break;
    case 'assign':
    case 'compound':
      each(expr.target, visit);
      if (expr.kind === 'assign' || expr.kind === 'compound') each(expr.value, visit);
      break;
    case 'update':
      each(expr.target, visit);
      break;
    case 'unary':
      each(expr.operand, visit);
      break;
    case 'binary':
    case 'logical':
      each(expr.left, visit);
      each(expr.right, visit);
      break;
    case 'cond':
      each(expr.test, visit);
      each(expr.then, visit);
      each(expr.else, visit);
      break;
    case 'sequence':
      for (const item of expr.items) each(item, visit);
      break;
    case 'call': {
      const t = expr.target;
      if (t.kind === 'method' || t.kind === 'dynamic') each(t.object, visit);
      if (t.kind === 'dynamic' && typeof t.name !== 'string') each(t.name, visit);
      if (t.kind === 'closure') each(t.callee, visit);
      if (t.kind === 'api') each(t.object, visit);
      for (const a of expr.args) each(a.kind === 'spread' ? a.value : a, visit);
      break;
    }
    case 'new':
    case 'array':
      for (const a of expr.kind === 'new' ? expr.args : expr.elements) each(a.kind === 'spread' ? a.value : a, visit);
      break;
    case 'object':
      for (const p of expr.properties) {
        if (p.kind === 'property' && typeof p.name !== 'string') each(p.name, visit);
        each(p.value, visit);
      }
      break;
    case 'template':
      for (const value of expr.values) each(value, visit);
      break;
    case 'instanceof':
      each(expr.value, visit);
      break;
    case 'delete':
      each(expr.target, visit);
      break;
    default:
      break;
  }
}

/** A child expression, when there is one. (A function, not a closure per node: back ends walk every expression of every build.) */
function each(e: IrExpr | undefined, visit: (e: IrExpr) => void): void {
  if (e) forEachExpression(e, visit);
}
