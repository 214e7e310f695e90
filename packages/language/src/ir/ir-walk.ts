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
  const each = (e: IrExpr | undefined) => {
    if (e) forEachExpression(e, visit);
  };
  switch (expr.kind) {
    case 'field':
    case 'accessor':
    case 'member':
      each(expr.object);
      break;
    case 'api':
      each(expr.object);
      break;
    case 'index':
      each(expr.object);
      each(expr.index);
      break;
    case 'assign':
    case 'compound':
      each(expr.target);
      if (expr.kind === 'assign' || expr.kind === 'compound') each(expr.value);
      break;
    case 'update':
      each(expr.target);
      break;
    case 'unary':
      each(expr.operand);
      break;
    case 'binary':
    case 'logical':
      each(expr.left);
      each(expr.right);
      break;
    case 'cond':
      each(expr.test);
      each(expr.then);
      each(expr.else);
      break;
    case 'sequence':
      expr.items.forEach(each);
      break;
    case 'call': {
      const t = expr.target;
      if (t.kind === 'method' || t.kind === 'dynamic') each(t.object);
      if (t.kind === 'dynamic' && typeof t.name !== 'string') each(t.name);
      if (t.kind === 'closure') each(t.callee);
      if (t.kind === 'api') each(t.object);
      for (const a of expr.args) each(a.kind === 'spread' ? a.value : a);
      break;
    }
    case 'new':
    case 'array':
      for (const a of expr.kind === 'new' ? expr.args : expr.elements) each(a.kind === 'spread' ? a.value : a);
      break;
    case 'object':
      for (const p of expr.properties) {
        if (p.kind === 'property' && typeof p.name !== 'string') each(p.name);
        each(p.value);
      }
      break;
    case 'template':
      expr.values.forEach(each);
      break;
    case 'instanceof':
      each(expr.value);
      break;
    case 'delete':
      each(expr.target);
      break;
    default:
      break;
  }
}
