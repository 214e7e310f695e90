import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiMetadataPlugin } from './build/api-metadata-plugin.ts';

export default defineConfig({
  plugins: [react(), apiMetadataPlugin()],
  test: {
    name: 'apps/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
