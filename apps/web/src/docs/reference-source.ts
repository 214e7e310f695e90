// The block help pages as the page sees them (read at build time by build/reference-content.ts).
import { blockRefFinderFromPages, type BlockRefFinder, type ReferenceCatalogue } from '@blockyard/docs';
import { referenceContent } from 'virtual:blockyard/reference-content';

export const referenceCatalogue: ReferenceCatalogue = referenceContent;

/** Where "Edit this page on GitHub" leads for a page we wrote. */
export const REFERENCE_EDIT_BASE = 'https://github.com/blockyard/blockyard/edit/main/content/reference/';

export function referenceEditUrl(path: string): string | undefined {
  if (!Object.hasOwn(referenceContent.written, path)) return undefined;
  const file = path ? `${path}.md` : 'index.md';
  return REFERENCE_EDIT_BASE + file.split('/').map(encodeURIComponent).join('/');
}

let finder: BlockRefFinder | undefined;
/** Pictures for `||namespace:block||` in guides, from the help pages' blocks. */
export function docsBlockRefs(): BlockRefFinder {
  finder ??= blockRefFinderFromPages(referenceContent.pages);
  return finder;
}
