import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { editorFiles, editorPrefetchPlugin } from './editor-prefetch-plugin.ts';

const chunk = (name: string, fileName: string, imports: string[] = [], css: string[] = []) =>
  ({
    type: 'chunk',
    name,
    fileName,
    imports,
    code: '',
    viteMetadata: { importedCss: new Set(css) },
  }) as unknown as Rollup.OutputChunk;

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((output) => [output.fileName, output]));
}

const main = chunk('main', 'assets/main-1.js', ['assets/react-1.js'], ['assets/main-1.css']);
const bundle = bundleOf(
  main,
  chunk('react', 'assets/react-1.js'),
  chunk('EditorPage', 'assets/EditorPage-1.js', ['assets/react-1.js', 'assets/src-1.js'], ['assets/EditorPage-1.css']),
  chunk('src', 'assets/src-1.js', ['assets/src-2.js']),
  chunk('src', 'assets/src-2.js'),
  chunk('blocks-setup', 'assets/blocks-setup-1.js', ['assets/src-1.js']),
  chunk('CodeArea', 'assets/CodeArea-1.js', ['assets/monaco-1.js']),
  chunk('monaco', 'assets/monaco-1.js'),
);

describe('editorFiles', () => {
  it('lists the named chunks, what they import and their styles, less what the page loads anyway', () => {
    expect(editorFiles(bundle, main, ['EditorPage', 'blocks-setup'])).toEqual([
      'assets/EditorPage-1.css',
      'assets/EditorPage-1.js',
      'assets/blocks-setup-1.js',
      'assets/src-1.js',
      'assets/src-2.js',
    ]);
  });
});

describe('editorPrefetchPlugin', () => {
  type Transform = { handler: (html: string, context: object) => unknown };
  const transform = (editorPrefetchPlugin(['EditorPage']).transformIndexHtml as Transform).handler;

  it('names the files in a <meta> of the app page only', () => {
    expect(transform('', { bundle, chunk: main })).toEqual([
      {
        tag: 'meta',
        attrs: {
          name: 'blockyard-editor-files',
          content: '/assets/EditorPage-1.css /assets/EditorPage-1.js /assets/src-1.js /assets/src-2.js',
        },
        injectTo: 'head',
      },
    ]);
    expect(transform('', { bundle, chunk: chunk('sim', 'assets/sim-1.js') })).toBeUndefined();
    expect(transform('', {})).toBeUndefined();
  });
});
