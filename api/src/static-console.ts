import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/**
 * Serves the built console from `distDir`; any other non-API path gets index.html so
 * the client router can show the page (or its 404 screen).
 */
export function mountConsole(app: Hono, distDir: string): void {
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name, so they never change.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The build writes .br and .gz beside each asset (web/vite.config.ts); a browser that accepts
  // one gets it, with Content-Encoding and Vary set.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    try {
      const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
      return c.html(html);
    } catch {
      return c.text(
        'The console is not built yet: run `npm run build -w web` (npm start does it for you).',
        503,
      );
    }
  });
}
