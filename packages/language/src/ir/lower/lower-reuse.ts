// Reusing the IR of unchanged top-level statements between lowerings (the device build's
// counterpart of the simulator's emit cache, issue 11): what lowering one statement added to the
// module's tables is kept, and at the next lowering, when the statement's key is the same
// (lower-cache.ts) and every counter stands where it stood, it is put back instead of being
// lowered again, so the type checker is not asked about it. The result is the same module:
//   ids are absolute, so a kept unit is only put back at the same table sizes (functions,
//   variables, statement ids, its function's temporaries, closures and break targets);
//   library APIs are added again in the unit's first-use order (their objects are the
//   compiler's, one per declaration, so kept IR and the table share them);
//   line numbers move with the statement (locations, closure positions);
//   statement ids are set back to the lowering's order (`finish` renumbers them in place).
// Kept statement objects are shared with the module an earlier `lower` returned (joined device
// builds copy them): a caller that keeps a module across lowerings should not read its `loc`s.
// A unit that reports a problem, makes a global or top-level function variable, registers a
// call resolved after lowering, or names a statement id outside itself is not kept.

import type { IrLocation } from '../ir-module.ts';
import type { IrStmt } from '../ir-nodes.ts';
import type { IrType } from '../ir-types.ts';
import { forEachStatement } from '../ir-walk.ts';
import type { FunctionBuilder, FunctionScope, LowerContext, VariableBuilder } from './lower-context.ts';
import type ts from 'typescript';

interface Counters {
  readonly functions: number;
  readonly variables: number;
  readonly locations: number;
  readonly temps: number;
  readonly closures: number;
  readonly labels: number;
  readonly locals: number;
}

/** What lowering one top-level statement added, kept for the next lowering. */
export interface KeptUnit {
  readonly before: Counters;
  readonly after: Counters;
  /** The statement's first line when kept (locations and positions move with it). */
  readonly line: number;
  readonly functions: readonly FunctionBuilder[];
  /** Their positions when kept. */
  readonly positions: readonly IrLocation[];
  readonly variables: readonly VariableBuilder[];
  readonly locations: readonly IrLocation[];
  /** Library declarations used, in first-use order. */
  readonly apis: readonly ts.Node[];
  /** Variables the unit added to its function's locals. */
  readonly locals: readonly number[];
  /** Main's statements (a top-level statement) or the function's body (a function declaration). */
  readonly body: readonly IrStmt[];
  /** A function declaration: its parameters and what its body made. */
  readonly fn?: { params: number[]; rest?: number; captures: number[]; capturesThis: boolean };
  /** Each statement's id in lowering order, minus `before.locations`, in walk order. */
  readonly locs: readonly number[];
}

/** Where the caller keeps units between lowerings, by statement (lower-cache.ts). */
export interface UnitReuse {
  /** Units kept for statements with this one's key (the same text can stand several times). */
  kept(node: ts.Statement): readonly KeptUnit[];
  /** `reused`: the unit was put back (not lowered) in this lowering. */
  keep(node: ts.Statement, unit: KeptUnit, reused: boolean): void;
  /** The statement's first line (1-based). */
  line(node: ts.Statement): number;
  /**
   * The IR type of a global the statement declares: kept from an earlier lowering under the
   * statement's key (which fixes its type), else `compute()` (the checker's inference).
   */
  declaredType(node: ts.Statement, name: string, compute: () => IrType): IrType;
}

function counters(cx: LowerContext, fn: FunctionBuilder, scope: FunctionScope | undefined): Counters {
  return {
    functions: cx.functions.length,
    variables: cx.variables.length,
    locations: cx.locations.length,
    temps: fn.temps,
    closures: fn.closures,
    labels: scope?.labelCount ?? 0,
    locals: fn.locals.length,
  };
}

function same(a: Counters, b: Counters): boolean {
  return (
    a.functions === b.functions &&
    a.variables === b.variables &&
    a.locations === b.locations &&
    a.temps === b.temps &&
    a.closures === b.closures &&
    a.labels === b.labels &&
    a.locals === b.locals
  );
}

/** Every statement of a unit, in a fixed order (its body, then each function it made). */
function walk(body: readonly IrStmt[], functions: readonly FunctionBuilder[], visit: (s: { loc: number }) => void) {
  const each = (list: readonly IrStmt[]) =>
    forEachStatement(list, (s) => {
      visit(s);
      if (s.kind === 'switch') for (const c of s.cases) visit(c);
    });
  each(body);
  for (const fn of functions) each(fn.body);
}

/**
 * Lowers one top-level statement with `lower`, or puts back its kept unit. `fn` is the function
 * the statement's code goes into (main, or the declared function), `scope` main's scope (a
 * function declaration's own scope is made inside its lowering). Returns main's new statements.
 */
export function lowerUnit(
  cx: LowerContext,
  reuse: UnitReuse,
  node: ts.Statement,
  fn: FunctionBuilder,
  scope: FunctionScope | undefined,
  lower: () => { body: IrStmt[]; keep: boolean },
): IrStmt[] {
  const before = counters(cx, fn, scope);
  const line = reuse.line(node);
  const kept = reuse.kept(node).find((unit) => same(unit.before, before));
  if (kept) {
    reuse.keep(node, kept, true);
    return putBack(cx, kept, fn, scope, line);
  }

  const diagnostics = cx.diagnostics.length;
  const knownLater = cx.knownLaterCount;
  const apis: ts.Node[] = [];
  cx.apiUses = apis;
  let lowered: { body: IrStmt[]; keep: boolean };
  try {
    lowered = lower();
  } finally {
    cx.apiUses = undefined;
  }
  const body = lowered.body;
  const after = counters(cx, fn, scope);
  if (!lowered.keep || cx.diagnostics.length !== diagnostics || cx.knownLaterCount !== knownLater) return body;
  const variables = cx.variables.slice(before.variables);
  if (variables.some((v) => v.storage === 'global')) return body;
  const functions = cx.functions.slice(before.functions);
  const ownBody = scope ? body : fn.body;
  const locs: number[] = [];
  let outside = false;
  walk(ownBody, functions, (s) => {
    if (s.loc < 0) locs.push(-1);
    else if (s.loc < before.locations || s.loc >= after.locations) outside = true;
    else locs.push(s.loc - before.locations);
  });
  if (outside) return body;
  reuse.keep(
    node,
    {
      before,
      after,
      line,
      functions,
      positions: functions.map((f) => f.position),
      variables,
      locations: cx.locations.slice(before.locations),
      apis: [...new Set(apis)],
      locals: fn.locals.slice(before.locals),
      body: ownBody,
      ...(scope
        ? {}
        : {
            fn: {
              params: fn.params,
              ...(fn.rest === undefined ? {} : { rest: fn.rest }),
              captures: fn.captures,
              capturesThis: fn.capturesThis,
            },
          }),
      locs,
    },
    false,
  );
  return body;
}

function putBack(
  cx: LowerContext,
  kept: KeptUnit,
  fn: FunctionBuilder,
  scope: FunctionScope | undefined,
  line: number,
): IrStmt[] {
  const moved = line - kept.line;
  kept.functions.forEach((f, i) => {
    const [file, at, column] = kept.positions[i]!;
    f.position = [file, at + moved, column];
    cx.functions.push(f);
  });
  cx.variables.push(...kept.variables);
  for (const [file, at, column] of kept.locations) cx.locations.push([file, at + moved, column]);
  for (const declaration of kept.apis) cx.api(declaration);
  fn.locals.push(...kept.locals);
  fn.temps = kept.after.temps;
  fn.closures = kept.after.closures;
  scope?.setLabelCount(kept.after.labels);
  if (kept.fn) {
    fn.params = kept.fn.params;
    if (kept.fn.rest !== undefined) fn.rest = kept.fn.rest;
    fn.captures = kept.fn.captures;
    fn.captureSet = new Set(kept.fn.captures);
    fn.capturesThis = kept.fn.capturesThis;
    fn.body = [...kept.body];
  }
  // `finish` renumbered the statement ids of the lowering that kept them: back to lowering order.
  let i = 0;
  walk(kept.body, kept.functions, (s) => {
    const rel = kept.locs[i++]!;
    s.loc = rel < 0 ? rel : kept.before.locations + rel;
  });
  return kept.fn ? [] : [...kept.body];
}
