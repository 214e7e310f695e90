// The run-time half of the compiler's escape-hatch check (language: `escape-hatches.ts`). A key
// computed while the program runs (`box[name]`, `list[i]`) cannot be checked at compile time, and
// `x["constr" + "uctor"]` is as dangerous as `x.constructor`: from any value it leads to
// `Function`, which runs text as code. Compiled code passes every computed key through
// `propertyKey`, which converts it once (so a toString cannot answer differently the second time)
// and refuses the same names as the compiler.

import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';

/** Keep equal to the compiler's `forbiddenPropertyNames` (a board test compares the two). */
export const forbiddenPropertyKeys: ReadonlySet<string> = new Set([
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);

/** A computed key made safe: numbers and symbols pass, anything else becomes a checked string. */
export function propertyKey(key: unknown): PropertyKey {
  if (typeof key === 'number' || typeof key === 'symbol') return key;
  const name = String(key);
  if (forbiddenPropertyKeys.has(name)) throw new RuntimeError('forbidden', runtimeMessages.forbiddenProperty(name));
  return name;
}
