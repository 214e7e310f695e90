// The wait cache: what the wait analysis found in each top-level statement (the functions in it,
// how each call in it is made), kept between compiles, so an edit visits and resolves only the
// statements it changed (issue 12 item 4). Resolving calls asks the type checker about every
// call in the program, which made the analysis the largest step of an edit's compile.
//
// A statement's record is keyed by the type check's key (check-scope.ts: its file, column, text
// and the type of every top-level declaration it names) and reused only when the check itself
// was scoped, i.e. the program declares the same names at the same places as in the compile
// before and no changed statement can narrow a top-level variable for the statements after it.
// What the analysis sees of a statement (which declaration a name is, the types of a call's
// arguments) then depends only on that key. Nodes are kept as their place in the statement
// (depth-first order, which the same text parses to again); a call reaching a function outside
// the statement keeps that function's top-level name. Not kept: statements with a problem
// reported, with methods or calls to methods (those depend on every method of that name).

import type ts from 'typescript';
import type { CallPlan } from './wait-analysis.ts';

/** What visiting one top-level statement did (nodes of the Program being compiled). */
export interface StatementRecord {
  readonly functions: { readonly node: ts.Node | undefined; hasLoop: boolean; usesThis: boolean }[];
  readonly calls: {
    readonly call: ts.CallExpression;
    /** The function the call is in: the program's top level, or a field or default value. */
    readonly owner: ts.Node | 'main' | 'sync';
    readonly plan: CallPlan;
  }[];
  keepable: boolean;
}

/** One compile's use of the cache, for WaitAnalysis.run. */
export interface WaitCacheRun {
  /** The statement's record from an earlier compile, with this Program's nodes; undefined: visit it. */
  lookup(statement: ts.Statement): StatementRecord | undefined;
  /** Keeps what visiting the statement did for the next compile. */
  keep(statement: ts.Statement, record: StatementRecord): void;
}

/** A node: its place in the statement, or a top-level function's (or function constant's) name. */
type Ref = number | { readonly top: string };

type StoredPlan =
  | Exclude<CallPlan, { kind: 'user' } | { kind: 'wait-helper' }>
  | { readonly kind: 'user'; readonly target: Ref }
  | { readonly kind: 'wait-helper'; readonly name: string; readonly callbacks: readonly (Ref | null)[] };

interface StoredStatement {
  readonly functions: readonly { readonly at: number; readonly hasLoop: boolean; readonly usesThis: boolean }[];
  /** owner: the function's place, -1 the top level, -2 a field or default value. */
  readonly calls: readonly { readonly at: number; readonly owner: number; readonly plan: StoredPlan }[];
}

export interface WaitCacheSetup {
  readonly tsApi: typeof ts;
  /** Learner files in run order. */
  readonly files: readonly ts.SourceFile[];
  /** The statement's key, or undefined when it has none (then nothing is kept for it). */
  readonly keyOf: (statement: ts.Statement) => string | undefined;
  /** Whether records may be reused in this compile (the type check was scoped). */
  readonly reuse: boolean;
  readonly debug: boolean;
}

export interface WaitCacheStats {
  /** Top-level statements whose record was reused (not visited). */
  readonly reused: number;
  /** Top-level statements visited in this compile. */
  readonly visited: number;
}

export class WaitCache {
  private stored = new Map<string, StoredStatement>();

  /** Starts one compile's use; call `done` after the analysis ran. */
  run(setup: WaitCacheSetup): WaitCacheRun & { done(): WaitCacheStats } {
    const { tsApi } = setup;
    const kept = new Map<string, StoredStatement>();
    let reused = 0;
    let visited = 0;
    let topLevel: Map<string, ts.Node> | undefined;
    const functionsByName = () => (topLevel ??= topLevelFunctions(tsApi, setup.files));
    const keyOf = (statement: ts.Statement) => {
      const key = setup.keyOf(statement);
      return key === undefined ? undefined : `${setup.debug ? 'debug' : 'release'}\u0000${key}`;
    };
    return {
      lookup: (statement) => {
        const key = setup.reuse ? keyOf(statement) : undefined;
        const stored = key === undefined ? undefined : this.stored.get(key);
        const record = stored ? restore(tsApi, statement, stored, functionsByName()) : undefined;
        if (record) {
          kept.set(key!, stored!);
          reused++;
        } else visited++;
        return record;
      },
      keep: (statement, record) => {
        const key = keyOf(statement);
        if (key === undefined) return;
        const stored = store(tsApi, statement, record, functionsByName());
        if (stored) kept.set(key, stored);
      },
      done: () => {
        this.stored = kept;
        return { reused, visited };
      },
    };
  }
}

/** Every node of a statement in depth-first order (the statement itself first). */
function nodesOf(tsApi: typeof ts, statement: ts.Statement): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    nodes.push(node);
    tsApi.forEachChild(node, visit);
  };
  visit(statement);
  return nodes;
}

/** Top-level functions and function constants by name (a name declared twice is left out). */
function topLevelFunctions(tsApi: typeof ts, files: readonly ts.SourceFile[]): Map<string, ts.Node> {
  const found = new Map<string, ts.Node | undefined>();
  const add = (name: string, node: ts.Node) => found.set(name, found.has(name) ? undefined : node);
  for (const file of files) {
    for (const statement of file.statements) {
      if (tsApi.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement);
      if (!tsApi.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (tsApi.isIdentifier(declaration.name) && declaration.initializer) {
          add(declaration.name.text, declaration.initializer);
        }
      }
    }
  }
  const result = new Map<string, ts.Node>();
  for (const [name, node] of found) if (node) result.set(name, node);
  return result;
}

/** The name a top-level function (or function constant's initializer) has there. */
function topLevelName(tsApi: typeof ts, node: ts.Node): string | undefined {
  if (tsApi.isFunctionDeclaration(node) && node.name && tsApi.isSourceFile(node.parent)) return node.name.text;
  const declaration = node.parent;
  if (
    declaration &&
    tsApi.isVariableDeclaration(declaration) &&
    declaration.initializer === node &&
    tsApi.isIdentifier(declaration.name) &&
    tsApi.isVariableStatement(declaration.parent.parent) &&
    tsApi.isSourceFile(declaration.parent.parent.parent)
  ) {
    return declaration.name.text;
  }
  return undefined;
}

function store(
  tsApi: typeof ts,
  statement: ts.Statement,
  record: StatementRecord,
  topLevel: ReadonlyMap<string, ts.Node>,
): StoredStatement | undefined {
  const nodes = nodesOf(tsApi, statement);
  const places = new Map(nodes.map((node, index) => [node, index]));
  let complete = true;
  const ref = (node: ts.Node): Ref => {
    const at = places.get(node);
    if (at !== undefined) return at;
    const top = topLevelName(tsApi, node);
    if (top === undefined || topLevel.get(top) !== node) complete = false;
    return { top: top ?? '' };
  };
  const functions = record.functions.map(({ node, hasLoop, usesThis }) => ({ at: ref(node!), hasLoop, usesThis }));
  const calls = record.calls.map(({ call, owner, plan }) => {
    const storedPlan: StoredPlan =
      plan.kind === 'user'
        ? { kind: 'user', target: ref(plan.target) }
        : plan.kind === 'wait-helper'
          ? { kind: 'wait-helper', name: plan.name, callbacks: plan.callbacks.map((node) => (node ? ref(node) : null)) }
          : plan;
    return { at: ref(call), owner: owner === 'main' ? -1 : owner === 'sync' ? -2 : ref(owner), plan: storedPlan };
  });
  // Functions and calls are this statement's own: anything else means the record is not one.
  if (!complete || functions.some((f) => typeof f.at !== 'number')) return undefined;
  if (calls.some((c) => typeof c.at !== 'number' || typeof c.owner !== 'number')) return undefined;
  return {
    functions: functions as StoredStatement['functions'],
    calls: calls as StoredStatement['calls'],
  };
}

function restore(
  tsApi: typeof ts,
  statement: ts.Statement,
  stored: StoredStatement,
  topLevel: ReadonlyMap<string, ts.Node>,
): StatementRecord | undefined {
  const nodes = nodesOf(tsApi, statement);
  let complete = true;
  const node = (ref: Ref): ts.Node => {
    const found = typeof ref === 'number' ? nodes[ref] : topLevel.get(ref.top);
    if (!found) complete = false;
    return found ?? statement;
  };
  const functions = stored.functions.map(({ at, hasLoop, usesThis }) => ({ node: node(at), hasLoop, usesThis }));
  const calls = stored.calls.map(({ at, owner, plan }) => {
    const call = node(at);
    if (!tsApi.isCallExpression(call)) complete = false;
    const livePlan: CallPlan =
      plan.kind === 'user'
        ? { kind: 'user', target: node(plan.target) }
        : plan.kind === 'wait-helper'
          ? {
              kind: 'wait-helper',
              name: plan.name,
              callbacks: plan.callbacks.map((ref) => (ref === null ? undefined : node(ref))),
            }
          : plan;
    return {
      call: call as ts.CallExpression,
      owner: owner === -1 ? ('main' as const) : owner === -2 ? ('sync' as const) : node(owner),
      plan: livePlan,
    };
  });
  return complete ? { functions, calls, keepable: true } : undefined;
}
