import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiMetadataPlugin } from './build/api-metadata-plugin.ts';
import { docsContentPlugin } from './build/docs-content-plugin.ts';

export default defineConfig({
  plugins: [react(), apiMetadataPlugin(), docsContentPlugin()],
  test: {
    name: 'apps/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // The editor's tests mount Blockly and CodeMirror; on a shared 2-core machine under load that
    // alone can pass vitest's 5 s default. Speed goals live in bench/, not here.
    testTimeout: 30_000,
  },
});
