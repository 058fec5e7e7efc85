// Public pages' weight (ADR 026: at most 150 kB gzip of JavaScript each). Each page loads in a
// fresh browser context (a first visit, nothing cached, signed out) in Debian's Chromium, as
// web/playwright.config.ts drives it, against the stack bench.ts started.
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import type { BenchRow } from './table.ts';

export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/docs',
  '/pricing',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
] as const;

// Same flags as web/playwright.config.ts: the machine is offline, so Chromium must not dial
// Google's services.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Transfer {
  script: boolean;
  /** Bytes on the wire: the encoded body (the API sends precompressed br or gzip, ADR 026). */
  served: number;
  /** The target's measure: gzip -6 of the decoded body, whatever the server chose to send. */
  gzip: number;
  /** The Content-Encoding the server used, or '' for none. */
  encoding: string;
}

async function measure(response: Response): Promise<Transfer | undefined> {
  // Redirects and bodiless answers (304, 204) carry no bytes worth counting.
  if (response.status() >= 300 && response.status() < 400) return undefined;
  const body = await response.body().catch(() => undefined);
  if (!body) return undefined;
  const encoding = (await response.headerValue('content-encoding')) ?? '';
  const compressedByServer = encoding !== '' && encoding !== 'identity';
  const { responseBodySize } = await response.request().sizes();
  return {
    script: response.request().resourceType() === 'script',
    served: compressedByServer ? responseBodySize : body.length,
    // zlib's default level 6, what nginx and most CDNs use for on-the-fly gzip.
    gzip: gzipSync(body).length,
    encoding: compressedByServer ? encoding : '',
  };
}

function kB(bytes: number): number {
  return bytes / 1000;
}

/** One row per public page: JavaScript as gzip, the page's total bytes in the note. */
export async function benchPublicPages(baseUrl: string): Promise<BenchRow[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const rows: BenchRow[] = [];
  try {
    for (const pagePath of PUBLIC_PAGES) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const pending: Promise<Transfer | undefined>[] = [];
        page.on('response', (response) => {
          const measured = measure(response);
          // A response that lands after the page is counted (a late prefetch on a busy machine)
          // is read from a closed context; it was never counted, and must not end the bench.
          measured.catch(() => {});
          pending.push(measured);
        });
        const answer = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
        if (!answer?.ok()) throw new Error(`${pagePath} answered ${answer?.status() ?? 'nothing'}`);
        const transfers = (await Promise.all(pending)).filter((t) => t !== undefined);
        const scripts = transfers.filter((t) => t.script);
        const sum = (list: Transfer[], field: 'served' | 'gzip') =>
          list.reduce((total, transfer) => total + transfer[field], 0);
        const encodings = [...new Set(transfers.map((t) => t.encoding || 'none'))]
          .sort()
          .join(', ');
        rows.push({
          name: `public page ${pagePath}: JavaScript transferred`,
          p50: kB(sum(scripts, 'gzip')),
          unit: 'kB gzip',
          note:
            `target ≤ 150; ${scripts.length} scripts, ${kB(sum(scripts, 'served')).toFixed(0)} kB ` +
            `on the wire; page total ${kB(sum(transfers, 'served')).toFixed(0)} kB on the wire ` +
            `(${kB(sum(transfers, 'gzip')).toFixed(0)} kB gzip, ${transfers.length} responses, ` +
            `content-encoding: ${encodings})`,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
