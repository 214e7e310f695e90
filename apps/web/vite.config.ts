import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // Two pages: the editor app and the simulator page that runs inside a sandboxed frame.
    rollupOptions: {
      input: { main: here('./index.html'), sim: here('./sim/index.html') },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
