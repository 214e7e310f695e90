// The block help pages as the page sees them (read at build time by build/reference-content.ts).
import {
  blockRefFinderFromPages,
  snippetKey,
  type BlockRefFinder,
  type BlockStack,
  type ReferenceCatalogue,
} from '@blockyard/docs';
import { referenceContent } from 'virtual:blockyard/reference-content';

export const referenceCatalogue: ReferenceCatalogue = referenceContent;

/** Where "Edit this page on GitHub" leads for a page we wrote. */
const REFERENCE_EDIT_BASE = 'https://github.com/blockyard/blockyard/edit/main/content/reference/';

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

/** A guide's `blocks` snippet as block pictures (made at build time); undefined: draw it as code. */
export function docsSnippetPictures(code: string): readonly BlockStack[] | undefined {
  const key = snippetKey(code);
  return Object.hasOwn(referenceContent.snippets, key) ? referenceContent.snippets[key] : undefined;
}
