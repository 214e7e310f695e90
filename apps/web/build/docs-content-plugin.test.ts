import { join } from 'node:path';
import { checkDocsPage, loadDocsSearchIndex, parseSummary, type TocEntry } from '@blockyard/docs';
import { describe, expect, it } from 'vitest';
import { DOCS_FOLDER, docsAddress, readDocsContent } from './docs-content-plugin.ts';

function allEntries(toc: readonly TocEntry[]): TocEntry[] {
  return toc.flatMap((entry) => [entry, ...allEntries(entry.subitems)]);
}

describe('docs content', () => {
  const content = readDocsContent();

  it('gives each page its address', () => {
    expect(docsAddress(join(DOCS_FOLDER, 'index.md'))).toBe('/docs');
    expect(docsAddress(join(DOCS_FOLDER, 'download', 'troubleshooting.md'))).toBe('/docs/download/troubleshooting');
    expect(Object.keys(content.pages)).toContain('/docs/getting-started');
  });

  it('has a page for every SUMMARY entry, and none of our pages shows an error', () => {
    const entries = allEntries(parseSummary(content.summary));
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) expect(content.pages[entry.path], entry.path).toBeDefined();
    for (const [path, markdown] of Object.entries(content.pages)) expect(checkDocsPage(markdown), path).toEqual([]);
  });

  it('ships a search index over every page', () => {
    const search = loadDocsSearchIndex(content.searchIndex);
    expect(search.search('cable').map((hit) => hit.path)).toContain('/docs/download');
    expect(search.search('tilt').map((hit) => hit.path)).toEqual(['/docs/simulator']);
  });
});
