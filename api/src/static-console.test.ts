import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountConsole } from './static-console.ts';

// The console's files as the build leaves them (web/vite.config.ts): each asset with a .br and
// a .gz beside it. The API picks what the browser accepts (ADR 026).
const SCRIPT = `console.log(${JSON.stringify('patchbay '.repeat(400))});\n`;
let distDir: string;
let app: Hono;

beforeAll(() => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  const script = path.join(distDir, 'assets', 'index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  // A file the build did not compress (under a kilobyte) is still served, as it is.
  writeFileSync(path.join(distDir, 'assets', 'tiny-def456.js'), 'export {};\n');
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  app = new Hono();
  mountConsole(app, distDir);
});

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  app.request(url, acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

describe('the console, served precompressed', () => {
  it('sends brotli to a browser that accepts it, with Vary and the immutable cache header', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding, or names one oddly', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'compress']) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toBe(SCRIPT);
    }
  });

  it('serves a file without compressed copies as it is, and index.html for client routes', async () => {
    const tiny = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export {};\n');
    const route = await get('/integrations/123/review', 'br');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
  });

  it('answers a missing asset with the console page, never with a compressed copy of nothing', async () => {
    const res = await get('/assets/missing-000.js', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
