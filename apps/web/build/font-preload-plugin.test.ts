import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { fontPreloadPlugin, latinFontFile } from './font-preload-plugin.ts';

const asset = (fileName: string) => ({ type: 'asset', fileName }) as unknown as Rollup.OutputAsset;
const chunk = (name: string) => ({ type: 'chunk', name, fileName: `assets/${name}-1.js` }) as Rollup.OutputChunk;

function bundleOf(...outputs: (Rollup.OutputAsset | Rollup.OutputChunk)[]): Rollup.OutputBundle {
  return Object.fromEntries(outputs.map((output) => [output.fileName, output]));
}

const bundle = bundleOf(
  chunk('main'),
  asset('assets/nunito-latin-ext-wght-normal-A1.woff2'),
  asset('assets/nunito-latin-wght-normal-B2.woff2'),
  asset('assets/nunito-cyrillic-wght-normal-C3.woff2'),
);

function transform(context: Partial<IndexHtmlTransformContext>) {
  const hook = fontPreloadPlugin().transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => unknown;
  };
  return hook.handler('', context as IndexHtmlTransformContext);
}

describe('fontPreloadPlugin', () => {
  it("finds the Latin subset, not the Latin extension's", () => {
    expect(latinFontFile(bundle)).toBe('assets/nunito-latin-wght-normal-B2.woff2');
    expect(latinFontFile(bundleOf(chunk('main')))).toBeUndefined();
  });

  it("preloads it in CORS mode on the app's page only", () => {
    expect(transform({ bundle, chunk: bundle['assets/main-1.js'] as Rollup.OutputChunk })).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          crossorigin: '',
          href: '/assets/nunito-latin-wght-normal-B2.woff2',
        },
        injectTo: 'head',
      },
    ]);
    expect(transform({ bundle, chunk: chunk('sim') })).toBeUndefined();
    expect(transform({})).toBeUndefined();
  });
});
