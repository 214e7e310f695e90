// What /reference/{path} shows: a generated block page (with our written text, if any), a page we
// wrote alone (built-in blocks), a category's list of blocks (`/reference/math`), or the list of
// categories (`/reference`). Shared by the page and the test that every help link leads somewhere.
import type { ReferencePageData } from './reference-model.ts';

export interface ReferenceCatalogue {
  readonly pages: readonly ReferencePageData[];
  /** Hand-written markdown by path; "" is /reference itself. */
  readonly written: Readonly<Record<string, string>>;
}

export interface ReferenceCategorySummary {
  readonly id: string;
  readonly label: string;
  readonly colour: string;
  readonly pages: readonly ReferencePageData[];
}

export type ReferenceView =
  | { readonly kind: 'block'; readonly page: ReferencePageData; readonly written?: string }
  | { readonly kind: 'written'; readonly path: string; readonly markdown: string }
  | { readonly kind: 'category'; readonly category: ReferenceCategorySummary; readonly written?: string }
  | { readonly kind: 'index'; readonly categories: readonly ReferenceCategorySummary[] };

/** "basic/show-number" from "/basic/show-number/" (slashes at the ends mean the same page). */
export function referencePathOf(splat: string): string {
  return splat.split('/').filter(Boolean).join('/');
}

/** The categories with their pages, in the order of the first page of each (alphabetical). */
export function referenceCategories(catalogue: ReferenceCatalogue): ReferenceCategorySummary[] {
  const byId = new Map<string, ReferenceCategorySummary & { pages: ReferencePageData[] }>();
  for (const page of catalogue.pages) {
    const known = byId.get(page.category);
    if (known) known.pages.push(page);
    else byId.set(page.category, { id: page.category, label: page.categoryLabel, colour: page.colour, pages: [page] });
  }
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}

const written = (catalogue: ReferenceCatalogue, path: string) =>
  Object.hasOwn(catalogue.written, path) ? catalogue.written[path] : undefined;

export function referenceView(catalogue: ReferenceCatalogue, path: string): ReferenceView | undefined {
  const text = written(catalogue, path);
  const page = catalogue.pages.find((p) => p.path === path);
  if (page) return text === undefined ? { kind: 'block', page } : { kind: 'block', page, written: text };
  const category = referenceCategories(catalogue).find((c) => c.id === path);
  if (category)
    return text === undefined ? { kind: 'category', category } : { kind: 'category', category, written: text };
  if (text !== undefined && path) return { kind: 'written', path, markdown: text };
  if (!path) return { kind: 'index', categories: referenceCategories(catalogue) };
  return undefined;
}

/** The written page's `## Example` section, whose snippet then replaces the generated one. */
export function splitWrittenExample(markdown: string): { text: string; example?: string } {
  const at = /^## Example\s*$/m.exec(markdown);
  if (!at) return { text: markdown };
  return { text: markdown.slice(0, at.index).trimEnd(), example: markdown.slice(at.index) };
}
