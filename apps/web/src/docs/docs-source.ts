// Our guides as the page sees them: markdown by address, the table of contents, the search
// index (all read at build time by build/docs-content-plugin.ts), and where each page's source
// lives so learners and teachers can suggest a fix.
import { loadDocsSearchIndex, parseSummary, type DocsSearch, type TocEntry } from '@blockyard/docs';
import { docsContent } from 'virtual:blockyard/docs-content';

/** Where "Edit this page on GitHub" leads: the code host's editor for content/docs/{file}. */
const DOCS_EDIT_BASE = 'https://github.com/blockyard/blockyard/edit/main/content/docs/';

export const docsToc: readonly TocEntry[] = parseSummary(docsContent.summary);

/** "/docs" for "" and "/docs/a/b" for "a/b/" (a trailing slash means the same page). */
export function docsAddressOf(splat: string): string {
  const rest = splat.split('/').filter(Boolean).join('/');
  return rest ? `/docs/${rest}` : '/docs';
}

export function docsMarkdown(address: string): string | undefined {
  return Object.hasOwn(docsContent.pages, address) ? docsContent.pages[address] : undefined;
}

/** The page's path on the server's `md/{target}/{path}`: its file without `.md`. */
export function docsServerPath(address: string): string {
  const file = Object.hasOwn(docsContent.files, address) ? docsContent.files[address] : undefined;
  if (file !== undefined) return file.replace(/\.md$/, '');
  return address.replace(/^\/docs\/?/, '') || 'index';
}

export function docsEditUrl(address: string): string | undefined {
  const file = Object.hasOwn(docsContent.files, address) ? docsContent.files[address] : undefined;
  return file === undefined ? undefined : DOCS_EDIT_BASE + file.split('/').map(encodeURIComponent).join('/');
}

let search: DocsSearch | undefined;
/** The search index, loaded the first time someone searches. */
export function docsSearch(): DocsSearch {
  search ??= loadDocsSearchIndex(docsContent.searchIndex);
  return search;
}
