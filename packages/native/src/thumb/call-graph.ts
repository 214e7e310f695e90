// Which direct calls can recurse: the strongly connected components of the program's static
// call graph (direct calls of program functions, methods, constructors and accessors; virtual
// calls are checked always). A call inside one component may nest
// without bound, so the code generator checks the stack before it (runtime-helpers.ts
// `_check_stack`); calls of function values are checked always, since their target is unknown.

import {
  forEachExpression,
  forEachStatement,
  statementExpressions,
  type IrExpr,
  type IrModule,
  type IrStmt,
} from '@blockyard/language';

/** For each function id, its component's id: a call `from -> to` may recurse when they are equal. */
export type RecursionGroups = ReadonlyMap<number, number>;

/** The functions each function calls directly (by id, in order, repeats removed). */
function directCalls(module: IrModule): Map<number, number[]> {
  const calls = new Map<number, number[]>();
  // One visitor for the whole walk (the module's every expression, at every build).
  let callees = new Set<number>();
  const visitExpression = (e: IrExpr) => {
    if (e.kind === 'new') callees.add(module.classes[e.class]!.ctor);
    if (e.kind === 'accessor') {
      if (e.get !== undefined) callees.add(e.get);
      if (e.set !== undefined) callees.add(e.set);
    }
    if (e.kind !== 'call') return;
    const target = e.target;
    if (target.kind === 'function' || target.kind === 'method' || target.kind === 'super') callees.add(target.fn);
    else if (target.kind === 'superConstructor') callees.add(module.classes[target.class]!.ctor);
    else if (target.kind === 'closure' && target.known !== undefined) callees.add(target.known);
  };
  const visitStatement = (s: IrStmt) => {
    for (const root of statementExpressions(s)) forEachExpression(root, visitExpression);
  };
  for (const fn of module.functions) {
    callees = new Set<number>();
    forEachStatement(fn.body, visitStatement);
    calls.set(fn.id, [...callees]);
  }
  return calls;
}

/**
 * Tarjan's algorithm, iterative (a long chain of calls must not overflow our own stack). A
 * function alone in its component belongs to a recursive one only if it calls itself; other
 * lone functions get no group.
 */
export function recursionGroups(module: IrModule): RecursionGroups {
  const calls = directCalls(module);
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const groups = new Map<number, number>();
  let counter = 0;
  let group = 0;

  for (const root of module.functions) {
    if (index.has(root.id)) continue;
    const work: { fn: number; next: number }[] = [{ fn: root.id, next: 0 }];
    index.set(root.id, counter);
    low.set(root.id, counter++);
    stack.push(root.id);
    onStack.add(root.id);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const callees = calls.get(frame.fn) ?? [];
      if (frame.next < callees.length) {
        const callee = callees[frame.next++]!;
        if (!index.has(callee)) {
          index.set(callee, counter);
          low.set(callee, counter++);
          stack.push(callee);
          onStack.add(callee);
          work.push({ fn: callee, next: 0 });
        } else if (onStack.has(callee)) {
          low.set(frame.fn, Math.min(low.get(frame.fn)!, index.get(callee)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.fn, Math.min(low.get(parent.fn)!, low.get(frame.fn)!));
      if (low.get(frame.fn) !== index.get(frame.fn)) continue;
      const members: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.fn);
      const selfCall = (calls.get(frame.fn) ?? []).includes(frame.fn);
      if (members.length > 1 || selfCall) {
        for (const m of members) groups.set(m, group);
        group++;
      }
    }
  }
  return groups;
}

/** True when a direct call `from -> to` may nest without bound. */
export function mayRecurse(groups: RecursionGroups, from: number, to: number): boolean {
  const group = groups.get(from);
  return group !== undefined && group === groups.get(to);
}
