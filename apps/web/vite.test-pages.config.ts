import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import product from './vite.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Files the product build serves (firmware images, translations): the test pages need no copy. */
const servedByProduct = new Set(['blockyard-firmware', 'blockyard-locales']);
const withoutProductFiles = (plugins: PluginOption[] = []): PluginOption[] =>
  plugins.filter(
    (plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && servedByProduct.has(plugin.name)),
  );

// The pages only tests and benchmarks open, built apart from the product into dist-test/ and served
// only by a server started with TEST_PAGES_DIST (the e2e harness does): /sim-test/ mounts the
// simulator pane with a program from its address, /blocks-test/ the block editor the same way.
// They use the product's absolute paths (/sim/, /firmware/, /blockly-media/), which the product
// build serves, so neither the public folder nor the firmware is copied here, and their scripts
// live under /test-assets/ so they never mix with the product's /assets/.
export default defineConfig({
  ...product,
  plugins: withoutProductFiles(product.plugins),
  publicDir: false,
  build: {
    ...product.build,
    outDir: 'dist-test',
    emptyOutDir: true,
    assetsDir: 'test-assets',
    rollupOptions: {
      input: {
        simTest: here('./sim-test/index.html'),
        blocksTest: here('./blocks-test/index.html'),
      },
    },
  },
});
