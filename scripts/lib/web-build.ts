import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/public',
  'schema/src',
];

/** Builds web/dist with Vite when it is missing or older than its sources. */
export function ensureConsoleBuilt(repoRoot: string, { force = false } = {}): void {
  const built = path.join(repoRoot, 'web', 'dist', 'index.html');
  if (!force && existsSync(built)) {
    const builtAt = statSync(built).mtimeMs;
    const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(repoRoot, source))));
    if (newest <= builtAt) return;
  }
  console.log('patchbay: building the console (vite build)');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('Building the console failed (see the output above).');
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'routeTree.gen.ts') continue; // written by the build itself
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}
