// Writes src/routeTree.gen.ts (gitignored) without a full build, so `tsc -b` works on a fresh
// checkout. Resolving the Vite config runs the TanStack Router plugin's generator, so the
// route settings live in vite.config.ts only.
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
await resolveConfig({ configFile, logLevel: 'warn' }, 'build');
