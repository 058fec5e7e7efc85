import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** What is worth compressing: text, and the editor's icon font. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|ttf)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, so the API serves them
 * compressed (api/src/static-console.ts: serveStatic's `precompressed`) without compressing on
 * every request. Uncompressed, the console is about four times the bytes.
 */
function precompress(): Plugin {
  // The build's own folder, so `vite build --outDir …` compresses what it wrote.
  let builtDir = outDir;
  return {
    name: 'patchbay-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(builtDir, { recursive: true })).filter((file) =>
        COMPRESSIBLE.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(builtDir, file);
          const body = await readFile(full);
          // Under about a kilobyte, the headers cost more than compression saves.
          if (body.length < 1024) return;
          const quality = { [constants.BROTLI_PARAM_QUALITY]: 9 };
          await writeFile(`${full}.br`, await brotli(body, { params: quality }));
          await writeFile(`${full}.gz`, await gzipAsync(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: webDir,
  plugins: [
    // Must precede the React plugin: it generates src/routeTree.gen.ts (gitignored) on every
    // dev start and build, and splits each route into its own chunk (so Monaco only loads on
    // the review route).
    tanstackRouter({
      target: 'react',
      routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
      quoteStyle: 'single',
      autoCodeSplitting: true,
      // Loaders go with their route's component (ADR 026): a loader fills the Query cache with
      // zod-parsed answers, so left in the entry it drags the shared schemas and zod into every
      // page, the public ones included.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    precompress(),
  ],
  build: {
    // Every browser the console supports preloads modules itself; the polyfill was about 0.5 kB
    // gzip on every page (ADR 026).
    modulePreload: { polyfill: false },
    outDir,
    emptyOutDir: true,
    // Vite warns about chunks over 500 kB. The only ones are Monaco's (its editor core is about
    // 3.6 MB minified, 0.9 MB gzip), and they load on the review route only; every
    // other chunk is far smaller. `npm run bench` prints each public page's JavaScript.
    chunkSizeWarningLimit: 4000,
  },
  server: {
    // The console only talks to the API. Host is kept (no changeOrigin) so the API's Origin
    // check on mutating requests (checkOrigin, docs/ARCHITECTURE.md) sees matching origins.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
