// The built-in toolbox categories (not generated from a namespace): their ids, default names,
// colours (MakeCode's palette) and Font Awesome icons, and the order they take among the API's
// namespaces. An API namespace with the same name (`Math`, `loops`) adds its blocks to the
// built-in category, and its annotations may change the colour, icon and label.

import type { ApiFunction } from '../api/api-metadata.ts';

export interface BuiltinCategory {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  readonly icon: string;
  readonly weight: number;
  readonly advanced: boolean;
  readonly dynamic?: 'variables' | 'functions';
}

export const builtinCategories: readonly BuiltinCategory[] = [
  { id: 'loops', name: 'Loops', colour: '#107C10', icon: '\uf01e', weight: 50, advanced: false },
  { id: 'logic', name: 'Logic', colour: '#006970', icon: '\uf074', weight: 49, advanced: false },
  {
    id: 'variables',
    name: 'Variables',
    colour: '#A80000',
    icon: '\uf039',
    weight: 48,
    advanced: false,
    dynamic: 'variables',
  },
  { id: 'math', name: 'Math', colour: '#712672', icon: '\uf1ec', weight: 47, advanced: false },
  {
    id: 'functions',
    name: 'Functions',
    colour: '#005A9E',
    icon: '\uf109',
    weight: 14,
    advanced: true,
    dynamic: 'functions',
  },
  { id: 'arrays', name: 'Arrays', colour: '#A94400', icon: '\uf0cb', weight: 13, advanced: true },
  { id: 'text', name: 'Text', colour: '#996600', icon: '\uf035', weight: 12, advanced: true },
];

/** The built-in category a namespace or `blockNamespace` name belongs to (`Math` -> `math`). */
export function builtinCategoryId(name: string): string | undefined {
  const lower = name.toLowerCase();
  return builtinCategories.some((c) => c.id === lower) ? lower : undefined;
}

/** Colour of grey code blocks (TypeScript that blocks cannot show). */
export const greyBlockColour = '#A0A0A0';

/** The toolbox category of an API function: a built-in category or its namespace. */
export function categoryIdOf(fn: ApiFunction): string {
  return builtinCategoryId(fn.category) ?? fn.category;
}
