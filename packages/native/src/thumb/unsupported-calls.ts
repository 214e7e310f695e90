// Naming every API call a statement makes that the device cannot run (diagnostic 9110), not only
// the first: the code generator stops a statement at its first refusal, and this walk then finds
// the statement's other calls with no binding, so the learner (and the editor, which points at
// the block) sees each one.

import { forEachExpression, type IrExpr, type IrStmt } from '@blockyard/language';
import type { FirmwareFlavor } from '../firmware/device-variant.ts';
import { apiBinding } from './api-bindings.ts';

/** API values that are numbers known at compile time (`Math.PI`): no call on the device. */
export const API_CONSTANTS: Readonly<Record<string, number>> = {
  'Math.PI': Math.PI,
  'Math.E': Math.E,
  'Math.LN2': Math.LN2,
  'Math.LN10': Math.LN10,
  'Math.LOG2E': Math.LOG2E,
  'Math.LOG10E': Math.LOG10E,
  'Math.SQRT2': Math.SQRT2,
  'Math.SQRT1_2': Math.SQRT1_2,
  NaN: NaN,
  Infinity: Infinity,
};

/** The API members used in `exprs` (and inside them) that do not run on the device, in order. */
export function unsupportedApiNames(exprs: readonly IrExpr[], flavor: FirmwareFlavor): string[] {
  const names: string[] = [];
  const check = (name: string, constant: boolean) => {
    const ok = (constant && name in API_CONSTANTS) || apiBinding(name, flavor) !== undefined;
    if (!ok) names.push(name);
  };
  for (const root of exprs) {
    forEachExpression(root, (e) => {
      if (e.kind === 'call' && e.target.kind === 'api') check(e.target.api.name, false);
      else if (e.kind === 'api') check(e.api.name, !(e.api.kind === 'property' || e.object));
    });
  }
  return names;
}

/** The statement lists directly inside `s` (its own expressions are not among them). */
export function childStatementLists(s: IrStmt): (readonly IrStmt[])[] {
  switch (s.kind) {
    case 'if':
      return s.else ? [s.then, s.else] : [s.then];
    case 'block':
    case 'labeled':
      return [s.body];
    case 'loop':
      return s.init ? [s.init, s.body] : [s.body];
    case 'switch':
      return s.cases.map((c) => c.body);
    case 'try':
      return [s.body, ...(s.handler ? [s.handler] : []), ...(s.finalizer ? [s.finalizer] : [])];
    default:
      return [];
  }
}
