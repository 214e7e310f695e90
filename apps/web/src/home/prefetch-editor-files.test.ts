// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EDITOR_FILES_META, prefetchEditorFiles } from './prefetch-editor-files.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

function listFiles(content: string): void {
  const meta = document.createElement('meta');
  meta.name = EDITOR_FILES_META;
  meta.content = content;
  document.head.append(meta);
}

const prefetches = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.crossOrigin,
    link.getAttribute('fetchpriority'),
  ]);

describe('prefetchEditorFiles', () => {
  it('asks for each listed file once in CORS mode, skipping what the page already asked for', () => {
    listFiles('/assets/EditorPage-1.js /assets/EditorPage-1.css /assets/src-1.js');
    const preloaded = document.createElement('link');
    preloaded.rel = 'modulepreload';
    preloaded.href = '/assets/src-1.js';
    document.head.append(preloaded);
    prefetchEditorFiles({ document });
    prefetchEditorFiles({ document });
    // Scripts as low-priority module preloads (compiled, not run), styles as prefetches.
    expect(prefetches()).toEqual([
      ['modulepreload', '/assets/src-1.js', null, null],
      ['modulepreload', '/assets/EditorPage-1.js', 'anonymous', 'low'],
      ['prefetch', '/assets/EditorPage-1.css', 'anonymous', null],
    ]);
  });

  it('asks for nothing without the list (a development server) or when the browser saves data', () => {
    prefetchEditorFiles({ document });
    listFiles('/assets/EditorPage-1.js');
    prefetchEditorFiles({ document, navigator: { connection: { saveData: true } } });
    expect(prefetches()).toEqual([]);
  });
});
