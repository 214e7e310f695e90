// The board's API metadata with an extension's added: the extension's namespaces, functions and
// enums join the board's. A name the board already has keeps the board's entry, so an extension
// cannot replace a built-in block (a namespace it extends gets its new functions, not its label).
// An extension is read on its own, so its parameters typed with a board enum (`pin: AnalogPin`)
// learn that it is one here: their blocks get the board's dropdown, not a variable named
// `AnalogPin.P0`.

import type { ApiFunction, ApiMetadata } from './api-metadata.ts';

function under<T>(base: Readonly<Record<string, T>>, extra: Readonly<Record<string, T>>): Record<string, T> {
  return { ...extra, ...base };
}

/** The extension's function with the board's enums named on its parameters. */
function withBoardEnums(base: ApiMetadata, fn: ApiFunction): ApiFunction {
  if (!fn.parameters.some((p) => p.enumType === undefined && Object.hasOwn(base.enums, p.type))) return fn;
  return {
    ...fn,
    parameters: fn.parameters.map((p) =>
      p.enumType === undefined && Object.hasOwn(base.enums, p.type) ? { ...p, enumType: p.type } : p,
    ),
  };
}

export function mergeApiMetadata(base: ApiMetadata, extra: ApiMetadata): ApiMetadata {
  const functions = Object.fromEntries(
    Object.entries(extra.functions).map(([qName, fn]) => [qName, withBoardEnums(base, fn)]),
  );
  return {
    namespaces: under(base.namespaces, extra.namespaces),
    functions: under(base.functions, functions),
    enums: under(base.enums, extra.enums),
    enumConstants: under(base.enumConstants, extra.enumConstants),
    bases: under(base.bases ?? {}, extra.bases ?? {}),
  };
}
