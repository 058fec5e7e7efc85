// `npm start`'s long-lived Node processes (the supervisor start.ts, the API and the worker) run
// from JavaScript bundled from their TypeScript sources at every start, not from the .ts files: a
// process that loads a .ts file also loads Node's type stripper and keeps it for its whole life
// (ADR 048). The sources stay the only truth; the bundles go to node_modules/.cache, never into git.
//
// Run as a script, it builds the bundles it is given (`start`, `api`, `worker`; `--dir` for
// another folder), prints their paths and exits: bootstrap.mjs runs it for the supervisor and
// start.ts for the API and the worker, each as a short-lived child, so esbuild and this file's
// own stripper never stay in a process that does.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Plugin } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Each service's entry, relative to the repository. */
export const SERVICE_ENTRIES = {
  start: 'scripts/start.ts',
  api: 'api/src/main.ts',
  worker: 'workers/src/main.ts',
} as const;
export type ServiceName = keyof typeof SERVICE_ENTRIES;

/**
 * Inside the repository, so the bundles' imports of third-party packages (left out of the
 * bundle: native addons, Temporal's own workers) resolve from its node_modules as the sources'
 * do.
 */
export const SERVICE_BUNDLE_DIR = path.join(repoRoot, 'node_modules', '.cache', 'patchbay');

export function serviceBundlePath(name: ServiceName, dir = SERVICE_BUNDLE_DIR): string {
  return path.join(dir, `${name}.mjs`);
}

/** Whether a process's command line runs `name`, from its source or from its bundle. */
export function runsService(command: string, name: ServiceName): boolean {
  return (
    command.includes(SERVICE_ENTRIES[name]) ||
    command.includes(path.join('.cache', 'patchbay', `${name}.mjs`))
  );
}

/**
 * Our own code (relative imports and the @patchbay/* workspaces) goes into the bundle; every
 * other bare import stays an import, resolved by Node at run time as before.
 */
const onlyOurCode: Plugin = {
  name: 'only-our-code',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@patchbay/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Files find what lies beside them through import.meta (migrations, the console build, the
 * sandbox runner, the catalog's entries, bundle-workflows.ts run as a script). In a bundle,
 * import.meta would name the bundle; each source file gets its own instead, so every path
 * resolves where it did. `main` is false: no bundled file is the process's entry script.
 * `resolve` is the bundle's, which finds packages from the same node_modules.
 */
const importMetaOfSource: Plugin = {
  name: 'import-meta-of-source',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
      if (!source.includes('import.meta')) return { contents: source, loader };
      const meta = `const __importMetaOfSource = {
  url: ${JSON.stringify(pathToFileURL(args.path).href)},
  filename: ${JSON.stringify(args.path)},
  dirname: ${JSON.stringify(path.dirname(args.path))},
  main: false,
  resolve: (specifier) => import.meta.resolve(specifier),
};\n`;
      return {
        contents: meta + source.replaceAll(/\bimport\.meta\b/g, '__importMetaOfSource'),
        loader,
      };
    });
  },
};

/** Bundles an entry file (absolute path) into JavaScript, as text. */
export async function renderBundle(entry: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Readable, so a stack frame's line can be found in the bundle by eye; no source map, whose
    // cache Node would hold for the process's life (ADR 048).
    minify: false,
    legalComments: 'none',
    charset: 'utf8',
    plugins: [onlyOurCode, importMetaOfSource],
    banner: {
      js: `// GENERATED at start-up by scripts/lib/service-bundles.ts from ${path.relative(repoRoot, entry)}: do not edit.`,
    },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}

/**
 * Writes the services' bundles. Each file is written beside itself and renamed into place, so a
 * stack starting at the same moment (tests run several) never reads half a file.
 */
export async function buildServiceBundles(
  names: readonly ServiceName[],
  dir = SERVICE_BUNDLE_DIR,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const text = await renderBundle(path.join(repoRoot, SERVICE_ENTRIES[name]));
    const target = serviceBundlePath(name, dir);
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  }
}

/**
 * The API's and the worker's bundles, built in a child process (this file, run as a script), so
 * the supervisor that stays up never holds esbuild or the garbage of a build.
 */
export function buildServiceBundlesInChild(dir = SERVICE_BUNDLE_DIR): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--dir', dir, 'api', 'worker'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `bundling the API and the worker failed (${signal ?? `exit code ${code}`}); esbuild's message is above.`,
            ),
          ),
    );
  });
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    options: { dir: { type: 'string', default: SERVICE_BUNDLE_DIR } },
    allowPositionals: true,
  });
  const names = positionals.filter((name): name is ServiceName => name in SERVICE_ENTRIES);
  if (names.length === 0 || names.length !== positionals.length) {
    console.error(
      `usage: node scripts/lib/service-bundles.ts [--dir DIR] <${Object.keys(SERVICE_ENTRIES).join('|')}>...`,
    );
    process.exit(2);
  }
  await buildServiceBundles(names, values.dir);
  // One path a line, in the order asked: bootstrap.mjs hands over to the supervisor's.
  for (const name of names) console.log(serviceBundlePath(name, values.dir));
}
