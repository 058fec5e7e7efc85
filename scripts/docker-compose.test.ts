// Checks docker-compose.yml and the Dockerfile without a Docker engine.
//
// 1. If a Compose CLI is on PATH (`docker compose` or `docker-compose`), `config -q` must
//    accept the file when APP_ENCRYPTION_KEYS is set and reject it, naming the variable,
//    when it is not.
// 2. Always: no YAML parser is installed in node_modules (and no package may be added), so
//    the file is read with a small indentation-based reader that understands exactly the
//    block-mapping subset the file uses. It throws on tabs, bad indentation and duplicate
//    keys, and the assertions below check services, images, wiring and referenced files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const composeFile = join(root, 'docker-compose.yml');
const composeText = readFileSync(composeFile, 'utf8');
const dockerfileText = readFileSync(join(root, 'Dockerfile'), 'utf8');

// ---------------------------------------------------------------------------------------------
// Minimal reader for YAML block mappings.

interface Entry {
  /** Text after `key:` on the same line, comments removed ('' when the value is a block). */
  value: string;
  /** The indented lines that follow the key. */
  body: string[];
}

const isBlank = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');
const indentOf = (line: string) => line.length - line.trimStart().length;
const stripComment = (value: string) => value.replace(/\s+#.*$/, '').trim();

function mapping(lines: string[]): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const first = lines.find((l) => !isBlank(l));
  if (first === undefined) return out;
  const indent = indentOf(first);
  let current: Entry | undefined;
  for (const line of lines) {
    if (isBlank(line)) {
      current?.body.push(line);
      continue;
    }
    const lineIndent = indentOf(line);
    if (lineIndent > indent && current) {
      current.body.push(line);
      continue;
    }
    if (lineIndent !== indent) throw new Error(`bad indentation: ${JSON.stringify(line)}`);
    const m = /^\s*([A-Za-z0-9_.-]+|<<):(?:\s+(.*))?$/.exec(line);
    if (!m?.[1]) throw new Error(`not a mapping entry: ${JSON.stringify(line)}`);
    if (out.has(m[1])) throw new Error(`duplicate key ${m[1]}`);
    current = { value: stripComment(m[2] ?? ''), body: [] };
    out.set(m[1], current);
  }
  return out;
}

/** Reads every nested block mapping (sequence bodies are left alone); throws on bad syntax. */
function validate(lines: string[]): void {
  for (const e of mapping(lines).values()) {
    const first = e.body.find((l) => !isBlank(l));
    if (first !== undefined && !first.trimStart().startsWith('- ')) validate(e.body);
  }
}

/** Follows a key path through nested block mappings. */
function entry(lines: string[], ...path: string[]): Entry | undefined {
  let found: Entry | undefined = { value: '', body: lines };
  for (const key of path) {
    found = found && mapping(found.body).get(key);
  }
  return found;
}

/** Block-sequence items (`- x`) directly under an entry, or a flow sequence on its line. */
function items(e: Entry | undefined): string[] {
  if (!e) return [];
  if (e.value.startsWith('[')) {
    return e.value
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map(unquote);
  }
  return e.body
    .filter((l) => /^\s*- /.test(l))
    .map((l) => unquote(stripComment(l.replace(/^\s*- /, ''))));
}

const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');
const scalar = (lines: string[], ...path: string[]) => unquote(entry(lines, ...path)?.value ?? '');

const fileLines = composeText.split('\n');
// Parse errors are reported by the first test instead of breaking test collection.
let parseError: unknown;
let top = new Map<string, Entry>();
let services = new Map<string, Entry>();
try {
  validate(fileLines);
  top = mapping(fileLines);
  services = mapping(top.get('services')?.body ?? []);
} catch (error) {
  parseError = error;
}
const service = (name: string): string[] => {
  const body = services.get(name)?.body;
  if (!body) throw new Error(`service ${name} is missing`);
  return body;
};

// ---------------------------------------------------------------------------------------------

describe('docker-compose.yml structure (text checks; no YAML parser in node_modules)', () => {
  it('is plain block YAML: no tabs, known top-level keys, every service readable', () => {
    expect(composeText).not.toMatch(/\t/);
    expect(parseError).toBeUndefined();
    const allowed = ['services', 'volumes', 'networks', 'configs', 'secrets'];
    for (const key of top.keys()) {
      expect(allowed.includes(key) || key.startsWith('x-'), `top-level key ${key}`).toBe(true);
    }
  });

  it('defines exactly the stack services', () => {
    expect([...services.keys()].sort()).toEqual(
      [
        'api',
        'postgresql',
        'temporal',
        'temporal-admin-tools',
        'temporal-create-namespace',
        'temporal-ui',
        'worker',
      ].sort(),
    );
  });

  it('pins every image to an explicit tag or digest, never latest', () => {
    expect(composeText).not.toMatch(/:latest\b/);
    for (const name of services.keys()) {
      const image = scalar(service(name), 'image');
      expect(image, `${name} needs an image`).not.toBe('');
      expect(image, `${name} image is not pinned`).toMatch(
        /^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9][A-Za-z0-9._-]*)(@sha256:[0-9a-f]{64})?$|^[a-z0-9][a-z0-9._/-]*@sha256:[0-9a-f]{64}$/,
      );
      expect(image.split('@')[0]?.split(':')[1]).not.toBe('latest');
    }
  });

  it('builds api and worker from the Dockerfile into one image; the worker runs workers/src/main.ts', () => {
    for (const name of ['api', 'worker']) {
      expect(scalar(service(name), 'build', 'context'), name).toBe('.');
      expect(scalar(service(name), 'build', 'dockerfile'), name).toBe('Dockerfile');
    }
    expect(scalar(service('worker'), 'image')).toBe(scalar(service('api'), 'image'));
    expect(entry(service('api'), 'command')).toBeUndefined(); // the image's CMD runs the API
    expect(items(entry(service('worker'), 'command'))).toEqual(['node', 'workers/src/main.ts']);
  });

  it('runs at least two worker replicas', () => {
    const replicas = Number(scalar(service('worker'), 'deploy', 'replicas'));
    expect(replicas).toBeGreaterThanOrEqual(2);
  });

  it('wires depends_on to defined services, with healthchecks where health is awaited', () => {
    for (const name of services.keys()) {
      const deps = entry(service(name), 'depends_on');
      if (!deps) continue;
      for (const [dep, spec] of mapping(deps.body)) {
        expect(services.has(dep), `${name} depends on unknown ${dep}`).toBe(true);
        const condition = scalar(spec.body, 'condition');
        if (condition === 'service_healthy') {
          expect(entry(service(dep), 'healthcheck'), `${dep} needs a healthcheck`).toBeDefined();
        }
      }
    }
    const cond = (from: string, to: string) => scalar(service(from), 'depends_on', to, 'condition');
    expect(cond('temporal-admin-tools', 'postgresql')).toBe('service_healthy');
    expect(cond('temporal', 'temporal-admin-tools')).toBe('service_completed_successfully');
    expect(cond('temporal-create-namespace', 'temporal')).toBe('service_healthy');
    for (const app of ['api', 'worker']) {
      expect(cond(app, 'postgresql')).toBe('service_healthy');
      expect(cond(app, 'temporal')).toBe('service_healthy');
      expect(cond(app, 'temporal-create-namespace')).toBe('service_completed_successfully');
    }
  });

  it('sets up Temporal on PostgreSQL with admin-tools and runs temporalio/server on it', () => {
    const adminImage = scalar(service('temporal-admin-tools'), 'image');
    const serverImage = scalar(service('temporal'), 'image');
    expect(adminImage).toMatch(/^temporalio\/admin-tools:/);
    expect(serverImage).toMatch(/^temporalio\/server:/);
    expect(adminImage.split(':')[1]).toBe(serverImage.split(':')[1]); // schema matches server
    expect(scalar(service('temporal'), 'environment', 'DB')).toBe('postgres12');
    expect(scalar(service('temporal'), 'environment', 'POSTGRES_SEEDS')).toBe('postgresql');
    for (const name of ['temporal-admin-tools', 'temporal']) {
      expect(scalar(service(name), 'environment', 'DBNAME')).toBe('temporal');
      expect(scalar(service(name), 'environment', 'VISIBILITY_DBNAME')).toBe('temporal_visibility');
    }
    expect(items(entry(service('temporal-admin-tools'), 'entrypoint')).join(' ')).toContain(
      'setup-postgres.sh',
    );
    const script = readFileSync(join(root, 'deploy/temporal/setup-postgres.sh'), 'utf8');
    for (const needle of [
      'temporal-sql-tool',
      '--plugin postgres12',
      ' create',
      'setup-schema -v 0.0',
      'update-schema -d',
    ]) {
      expect(script).toContain(needle);
    }
    expect(script).toContain('schema/postgresql/v12');
  });

  it('exposes the Temporal UI on 8233 and points it at the server', () => {
    expect(scalar(service('temporal-ui'), 'image')).toMatch(/^temporalio\/ui:/);
    expect(items(entry(service('temporal-ui'), 'ports'))).toContain(
      '${TEMPORAL_UI_PORT:-8233}:8080',
    );
    expect(scalar(service('temporal-ui'), 'environment', 'TEMPORAL_ADDRESS')).toBe('temporal:7233');
  });

  it('gives Patchbay its own database and requires APP_ENCRYPTION_KEYS', () => {
    const env = entry(fileLines, 'x-patchbay-env');
    expect(env).toBeDefined();
    const lines = env?.body ?? [];
    expect(scalar(lines, 'DATABASE_URL')).toMatch(
      /^postgres:\/\/patchbay:.*@postgresql:5432\/patchbay$/,
    );
    expect(scalar(lines, 'TEMPORAL_ADDRESS')).toBe('temporal:7233');
    expect(scalar(lines, 'APP_ENCRYPTION_KEYS')).toMatch(/^\$\{APP_ENCRYPTION_KEYS:\?.+\}$/);
    expect(scalar(service('api'), 'environment', '<<')).toBe('*patchbay-env');
    expect(scalar(service('api'), 'environment', 'HOST')).toBe('0.0.0.0');
    expect(scalar(service('worker'), 'environment')).toBe('*patchbay-env');
    expect(composeText).toMatch(/^x-patchbay-env: &patchbay-env$/m);
    const initSql = readFileSync(join(root, 'deploy/postgres/initdb/10-roles.sql'), 'utf8');
    expect(initSql).toMatch(/CREATE DATABASE patchbay OWNER patchbay;/);
  });

  it('runs PostgreSQL 18 with a healthcheck and a named volume at the 18+ data path', () => {
    const pg = service('postgresql');
    expect(scalar(pg, 'image')).toMatch(/^postgres:18(\.|-|$)/);
    expect(entry(pg, 'healthcheck', 'test')).toBeDefined();
    const volumes = items(entry(pg, 'volumes'));
    expect(volumes).toContain('postgres-data:/var/lib/postgresql');
    expect(volumes.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(false);
    expect(top.get('volumes') && mapping(top.get('volumes')?.body ?? []).has('postgres-data')).toBe(
      true,
    );
  });

  it('mounts only files that exist in the repository', () => {
    const mounts = composeText.match(/^\s*- '?\.\/[^:'\s]+/gm) ?? [];
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts) {
      const path = mount.replace(/^\s*- '?/, '');
      expect(existsSync(join(root, path)), `${path} is mounted but missing`).toBe(true);
    }
  });
});

describe('Dockerfile', () => {
  it('installs with npm ci, builds the console and runs the API as the node user', () => {
    expect(dockerfileText).toMatch(/^ARG NODE_IMAGE=node:24[\w.]*-bookworm-slim$/m);
    expect(dockerfileText).toMatch(/^RUN npm ci$/m);
    expect(dockerfileText).toMatch(/^RUN npm ci --omit=dev$/m);
    expect(dockerfileText).toMatch(/^RUN npm run build -w web$/m);
    const finalStage = dockerfileText.slice(dockerfileText.lastIndexOf('\nFROM '));
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^CMD \["node", "api\/src\/main\.ts"\]$/m);
    expect(finalStage).toContain('COPY --from=build /app/web/dist ./web/dist');
    expect(dockerfileText).not.toMatch(/:latest\b/);
  });
});

// ---------------------------------------------------------------------------------------------
// A real Compose implementation, when one is installed.

interface ComposeCli {
  label: string;
  command: string;
  prefix: string[];
}

function findComposeClis(): ComposeCli[] {
  const candidates: ComposeCli[] = [
    { label: 'docker compose', command: 'docker', prefix: ['compose'] },
    { label: 'docker-compose', command: 'docker-compose', prefix: [] },
  ];
  return candidates.filter(
    (c) =>
      spawnSync(c.command, [...c.prefix, 'version'], { encoding: 'utf8', timeout: 20_000 })
        .status === 0,
  );
}

function runConfig(cli: ComposeCli, env: NodeJS.ProcessEnv) {
  // An empty --env-file keeps a developer's .env (embedded-default settings) out of the check.
  const dir = mkdtempSync(join(tmpdir(), 'compose-check-'));
  const envFile = join(dir, 'empty.env');
  writeFileSync(envFile, '');
  try {
    const args = [
      ...cli.prefix,
      '--env-file',
      envFile,
      '--project-directory',
      root,
      '-f',
      composeFile,
      'config',
      '-q',
    ];
    return spawnSync(cli.command, args, { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Compose CLI validation', () => {
  const clis = findComposeClis();
  const baseEnv = { ...process.env };
  delete baseEnv.APP_ENCRYPTION_KEYS;

  if (clis.length === 0) {
    it.skip('config -q (no `docker compose` or `docker-compose` on PATH)', () => {});
  }

  for (const cli of clis) {
    it(`${cli.label} config -q accepts the file`, { timeout: 60_000 }, () => {
      const key = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
      const result = runConfig(cli, { ...baseEnv, APP_ENCRYPTION_KEYS: key });
      expect(result.error).toBeUndefined();
      expect(result.status, result.stderr).toBe(0);
    });

    it(
      `${cli.label} config -q fails loudly without APP_ENCRYPTION_KEYS`,
      { timeout: 60_000 },
      () => {
        const result = runConfig(cli, baseEnv);
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain('APP_ENCRYPTION_KEYS');
      },
    );
  }
});
