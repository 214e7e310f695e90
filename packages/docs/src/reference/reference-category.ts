// The toolbox category a function's block sits in, with the label and colour the editor gives it:
// an API namespace's own annotations first, then the built-in categories (text, arrays).
import { builtinCategories, type ApiFunction, type ApiMetadata } from '@blockyard/language';

export interface ReferenceCategory {
  readonly id: string;
  readonly label: string;
  readonly colour: string;
}

/** Blocks whose category we cannot place (none in our library today). */
export const UNKNOWN_CATEGORY_COLOUR = '#6b6b6b';

export function referenceCategory(meta: ApiMetadata, fn: ApiFunction): ReferenceCategory {
  const name = fn.category;
  const id = name.toLowerCase();
  const namespace = Object.hasOwn(meta.namespaces, name) ? meta.namespaces[name] : undefined;
  const builtin = builtinCategories.find((category) => category.id === id);
  return {
    id,
    label: namespace?.label ?? builtin?.name ?? name.charAt(0).toUpperCase() + name.slice(1),
    colour: namespace?.color ?? builtin?.colour ?? UNKNOWN_CATEGORY_COLOUR,
  };
}
