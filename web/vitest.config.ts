import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests sit beside their code. They cover plain modules, so Node is enough;
// behaviour in a real browser is Playwright's job (web/e2e).
export default defineConfig({
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
