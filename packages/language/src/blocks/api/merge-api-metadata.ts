// The board's API metadata with an extension's added: the extension's namespaces, functions and
// enums join the board's. A name the board already has keeps the board's entry, so an extension
// cannot replace a built-in block (a namespace it extends gets its new functions, not its label).

import type { ApiMetadata } from './api-metadata.ts';

function under<T>(base: Readonly<Record<string, T>>, extra: Readonly<Record<string, T>>): Record<string, T> {
  return { ...extra, ...base };
}

export function mergeApiMetadata(base: ApiMetadata, extra: ApiMetadata): ApiMetadata {
  return {
    namespaces: under(base.namespaces, extra.namespaces),
    functions: under(base.functions, extra.functions),
    enums: under(base.enums, extra.enums),
    enumConstants: under(base.enumConstants, extra.enumConstants),
    bases: under(base.bases ?? {}, extra.bases ?? {}),
  };
}
