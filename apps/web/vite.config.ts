import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiMetadataPlugin } from './build/api-metadata-plugin.ts';
import { compileHintsPlugin } from './build/compile-hints-plugin.ts';
import { editorPrefetchPlugin } from './build/editor-prefetch-plugin.ts';
import { firstPaintPlugin } from './build/first-paint-plugin.ts';
import { docsContentPlugin } from './build/docs-content-plugin.ts';
import { firmwarePlugin } from './build/firmware-plugin.ts';
import { localesPlugin } from './build/locales-plugin.ts';
import { programWorkerSourcePlugin } from './build/program-worker-source-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
