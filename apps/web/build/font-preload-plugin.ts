// Preloads the page font's Latin file from index.html. Without it the browser asked for the font
// only once the home page's first paint (app/first-paint/first-paint.ts) had been laid out, so
// the page was drawn in a fallback font and laid out again when Nunito arrived 50-200 ms later:
// a second whole-page layout on a busy main thread, and the New project button changed width
// under the learner's pointer (234 -> 213 px; bench first-minute, scratch traces). Asked for with
// the page's scripts, it is there for the first layout. Latin only: the first paint is English,
// and the other ranges (Cyrillic, Vietnamese, …) load when a page uses them.
import type { Plugin, Rollup } from 'vite';

/** The Latin subset of @fontsource-variable/nunito, as the build names it. */
const LATIN_FONT = /(^|\/)nunito-latin-wght-normal-[^/]*\.woff2$/;

/** The bundle path of the Latin font file, if the build has one. */
export function latinFontFile(bundle: Rollup.OutputBundle): string | undefined {
  return Object.values(bundle).find((output) => output.type === 'asset' && LATIN_FONT.test(output.fileName))?.fileName;
}

export function fontPreloadPlugin(): Plugin {
  return {
    name: 'blockyard-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The app's page only (the simulator's does not use the font).
        if (!context.bundle || !context.chunk || context.chunk.name !== 'main') return undefined;
        const file = latinFontFile(context.bundle);
        if (!file) return undefined;
        return [
          {
            tag: 'link',
            // Fonts are fetched in CORS mode; a preload must ask the same way to be used.
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
