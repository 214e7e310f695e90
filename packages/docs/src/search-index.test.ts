import { describe, expect, it } from 'vitest';
import { buildDocsSearchIndex, docsPageTitle, docsPlainText, loadDocsSearchIndex } from './search-index.ts';

const pages = [
  { path: '/docs/simulator', markdown: '# The simulator\n\nPress **button A** on the virtual board.' },
  { path: '/docs/download', markdown: '# Download to your micro:bit\n\nPlug in the USB cable and copy the file.' },
  { path: '/docs/untitled', markdown: 'No heading here, just the radio.' },
];

describe('docs search index', () => {
  it('finds pages by words in their text and titles, best first, after a JSON round trip', () => {
    const search = loadDocsSearchIndex(buildDocsSearchIndex(pages));
    expect(search.search('cable')).toEqual([{ path: '/docs/download', title: 'Download to your micro:bit' }]);
    expect(search.search('simulator')[0]?.path).toBe('/docs/simulator');
    // Prefix and small typos still find the page.
    expect(search.search('butt')[0]?.path).toBe('/docs/simulator');
    expect(search.search('simulater')[0]?.path).toBe('/docs/simulator');
  });

  it('gives nothing for an empty query or words no page has', () => {
    const search = loadDocsSearchIndex(buildDocsSearchIndex(pages));
    expect(search.search('   ')).toEqual([]);
    expect(search.search('zebra crossing')).toEqual([]);
  });

  it('titles pages by their first heading, else their path', () => {
    expect(docsPageTitle(pages[0]!.markdown)).toBe('The simulator');
    expect(docsPageTitle(pages[2]!.markdown, '/docs/untitled')).toBe('untitled');
    expect(docsPlainText('# A\n\nSome *b* `c`')).toBe('A Some b c');
  });
});
