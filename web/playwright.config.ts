import { defineConfig } from '@playwright/test';

// The test orchestrator starts the real stack and points us at it (ADR 005); there is no
// webServer here on purpose.
const baseURL = process.env.PATCHBAY_E2E_BASE_URL ?? 'http://localhost:3000';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // The review page's first render (Monaco bundled locally) has taken over 5 s on the shared
  // 2-core machine at load 8; a story that waits for it should fail on a wrong page, not a slow one.
  expect: { timeout: 15_000 },
  use: {
    // No transitions (theme.respectReducedMotion): axe then measures dialogs at their final
    // colours, never half faded in.
    contextOptions: { reducedMotion: 'reduce' },
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium, no Playwright browser download. The machine is offline: without
      // these flags Chromium keeps dialling Google services and floods refused connections.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
