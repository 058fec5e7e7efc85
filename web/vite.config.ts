import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webDir,
  plugins: [
    // Must precede the React plugin: it generates src/routeTree.gen.ts (gitignored) on every
    // dev start and build, and splits each route into its own chunk (DESIGN §9: Monaco only
    // loads on the review route).
    tanstackRouter({
      target: 'react',
      routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
      quoteStyle: 'single',
      autoCodeSplitting: true,
    }),
    react(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    // The console only talks to the API (DESIGN §1). Host is kept (no changeOrigin) so the
    // API's Origin check on mutating requests (DESIGN §10) sees matching origins.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
