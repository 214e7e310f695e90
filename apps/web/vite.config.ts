import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiMetadataPlugin } from './build/api-metadata-plugin.ts';
import { compileHintsPlugin } from './build/compile-hints-plugin.ts';
import { editorPrefetchPlugin } from './build/editor-prefetch-plugin.ts';
import { firstPaintPlugin } from './build/first-paint-plugin.ts';
import { fontPreloadPlugin } from './build/font-preload-plugin.ts';
import { docsContentPlugin } from './build/docs-content-plugin.ts';
import { entryChunks } from './build/entry-chunks.ts';
import { firmwarePlugin } from './build/firmware-plugin.ts';
import { localesPlugin } from './build/locales-plugin.ts';
import { programWorkerSourcePlugin } from './build/program-worker-source-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entryChunk = entryChunks(here('./index.html'), here('./sim/index.html'));

export default defineConfig({
  // The device firmware images and the translation files are served next to the app
  // (build/firmware-plugin.ts, build/locales-plugin.ts).
  plugins: [
    react(),
    apiMetadataPlugin(),
    docsContentPlugin(),
    firmwarePlugin(),
    localesPlugin(),
    compileHintsPlugin(),
    editorPrefetchPlugin(),
    fontPreloadPlugin(),
    firstPaintPlugin(),
    programWorkerSourcePlugin(),
    // Last: sw.js lists the files written by everything above (src/offline/service-worker.ts).
    serviceWorkerPlugin(),
  ],
  // The compiler worker reads the same API metadata as the page.
  worker: { plugins: () => [apiMetadataPlugin()] },
  build: {
    target: 'es2022',
    // The product's pages only: the editor app and the simulator page that runs inside a
    // sandboxed frame. The test pages build separately (vite.test-pages.config.ts).
    rollupOptions: {
      input: {
        main: here('./index.html'),
        sim: here('./sim/index.html'),
      },
      // The home page's first load in one wave of requests (build/entry-chunks.ts).
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id, context) =>
                entryChunk(id, (module) => context.getModuleInfo(module)) === 'shared' ? 'shared' : null,
              debugName: 'shared',
              tags: ['$initial'],
              priority: 2,
            },
            {
              // Named as the entry chunk: the group then is that chunk.
              name: (id, context) =>
                entryChunk(id, (module) => context.getModuleInfo(module)) === 'app' ? 'main' : null,
              debugName: 'app',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
