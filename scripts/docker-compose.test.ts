// Checks docker-compose.yml and the Dockerfile without a Docker engine: the file is parsed with
// `yaml` here, and every Compose CLI on PATH must also accept it with `config -q`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const composeText = read('docker-compose.yml');

interface Service {
  image?: string;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: unknown };
  volumes?: string[];
  deploy?: { replicas?: number };
}
// Compose resolves `<<` merge keys (YAML 1.1) and rejects duplicate keys, so we do the same.
const doc = parseDocument(composeText, { merge: true, uniqueKeys: true });
const compose = (doc.toJS() ?? {}) as Record<string, unknown>;
const services = (compose.services ?? {}) as Record<string, Service>;
const shared = (compose['x-patchbay-env'] ?? {}) as Record<string, unknown>;
const healthy = { condition: 'service_healthy' };
const done = { condition: 'service_completed_successfully' };

describe('docker-compose.yml', () => {
  it('parses cleanly (no duplicate keys) and has only Compose top-level keys', () => {
    expect([...doc.errors, ...doc.warnings].map(String)).toEqual([]);
    const allowed = ['services', 'volumes', 'networks', 'configs', 'secrets'];
    const unknown = Object.keys(compose).filter((k) => !allowed.includes(k) && !k.startsWith('x-'));
    expect(unknown).toEqual([]);
  });

  it('defines exactly the stack services', () => {
    const temporal = [
      'temporal',
      'temporal-admin-tools',
      'temporal-create-namespace',
      'temporal-ui',
    ];
    expect(Object.keys(services).sort()).toEqual(['api', 'postgresql', ...temporal, 'worker']);
  });

  it('pins every image to an explicit tag or digest, never latest', () => {
    expect(composeText).not.toMatch(/:latest\b/);
    for (const [name, { image }] of Object.entries(services)) {
      expect(image, `${name} image is not pinned`).toMatch(
        /^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9][A-Za-z0-9._-]*(@sha256:[0-9a-f]{64})?|@sha256:[0-9a-f]{64})$/,
      );
    }
  });

  it('builds api and worker from the Dockerfile; 2+ workers run workers/src/main.ts', () => {
    const build = { context: '.', dockerfile: 'Dockerfile' };
    expect(services).toMatchObject({
      api: { build },
      worker: { build, command: ['node', 'workers/src/main.ts'] },
    });
    expect(services.worker?.image).toBe(services.api?.image); // one image, two roles
    expect(services.api).not.toHaveProperty('command'); // the image's CMD runs the API
    expect(services.worker?.deploy?.replicas).toBeGreaterThanOrEqual(2);
  });

  it('runs the worker as root in its container, so its sandbox runners can drop to nobody', () => {
    expect(services.worker).toMatchObject({ user: '0:0' });
    expect(services.api).not.toHaveProperty('user'); // the API keeps the image's node user
  });

  it('wires depends_on to defined services, with healthchecks where health is awaited', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dep], `${name} depends on unknown ${dep}`).toBeDefined();
        if (condition === healthy.condition) {
          expect(services[dep]?.healthcheck?.test, `${dep} needs a healthcheck`).toBeDefined();
        }
      }
    }
    const app = {
      depends_on: { postgresql: healthy, temporal: healthy, 'temporal-create-namespace': done },
    };
    expect(services).toMatchObject({
      'temporal-admin-tools': { depends_on: { postgresql: healthy } },
      temporal: { depends_on: { 'temporal-admin-tools': done } },
      'temporal-create-namespace': { depends_on: { temporal: healthy } },
      api: app,
      worker: app,
    });
  });

  it('sets up Temporal on PostgreSQL with admin-tools, exposes its UI on 8233', () => {
    const dbs = { DBNAME: 'temporal', VISIBILITY_DBNAME: 'temporal_visibility' };
    expect(services).toMatchObject({
      'temporal-admin-tools': {
        image: expect.stringMatching(/^temporalio\/admin-tools:/),
        environment: dbs,
        entrypoint: expect.arrayContaining([expect.stringMatching(/setup-postgres\.sh$/)]),
      },
      temporal: {
        image: expect.stringMatching(/^temporalio\/server:/),
        environment: { ...dbs, DB: 'postgres12', POSTGRES_SEEDS: 'postgresql' },
      },
      'temporal-ui': {
        image: expect.stringMatching(/^temporalio\/ui:/),
        environment: { TEMPORAL_ADDRESS: 'temporal:7233' },
      },
    });
    // admin-tools writes the schema the server expects, so their versions must match.
    const tag = (name: string) => services[name]?.image?.split(':')[1];
    expect(tag('temporal-admin-tools')).toBe(tag('temporal'));
    const script = read('deploy/temporal/setup-postgres.sh');
    const steps = ['--plugin postgres12', ' create', 'setup-schema -v 0.0', 'update-schema -d'];
    for (const needle of ['temporal-sql-tool', ...steps, 'schema/postgresql/v12']) {
      expect(script).toContain(needle);
    }
  });

  it('keeps the Temporal Web UI on loopback and decoding through the API', () => {
    const ui = services['temporal-ui'] as Service & {
      ports?: string[];
      environment?: Record<string, string>;
    };
    // Published on 127.0.0.1 by default: every other host sees nothing unless the operator
    // sets TEMPORAL_UI_BIND (and then puts the UI behind its OIDC login, README).
    expect(ui.ports).toEqual(['${TEMPORAL_UI_BIND:-127.0.0.1}:${TEMPORAL_UI_PORT:-8233}:8080']);
    expect(ui.environment).toMatchObject({
      // The browser calls the API's codec route with the operator's session cookie.
      TEMPORAL_CODEC_ENDPOINT: 'http://localhost:${PATCHBAY_PORT:-3000}/api/temporal-codec',
      TEMPORAL_CODEC_INCLUDE_CREDENTIALS: 'true',
      TEMPORAL_DISABLE_WRITE_ACTIONS: '${TEMPORAL_UI_DISABLE_WRITE_ACTIONS:-true}',
    });
    // The codec endpoint answers CORS for the UI's origin: TEMPORAL_UI_URL on the API.
    expect(services.api).toMatchObject({
      environment: { TEMPORAL_UI_URL: 'http://localhost:${TEMPORAL_UI_PORT:-8233}' },
    });
    // The API's route is where the UI is pointed.
    expect(read('api/src/app.ts')).toContain(
      ".route('/temporal-codec', temporalCodecRoutes(deps))",
    );
  });

  it('gives Patchbay its own database and requires APP_ENCRYPTION_KEYS in api and worker', () => {
    expect(shared).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/patchbay:.*@postgresql:5432\/patchbay$/),
      TEMPORAL_ADDRESS: 'temporal:7233',
      // `:?` makes Compose refuse to start without keys instead of passing an empty string.
      APP_ENCRYPTION_KEYS: expect.stringMatching(/^\$\{APP_ENCRYPTION_KEYS:\?.+\}$/),
    });
    expect(services).toMatchObject({
      api: { environment: { ...shared, HOST: '0.0.0.0' } },
      worker: { environment: shared },
    });
    const roles = read('deploy/postgres/initdb/10-roles.sql');
    expect(roles).toContain('CREATE DATABASE patchbay OWNER patchbay;');
  });

  it('runs PostgreSQL 18 with a healthcheck and a named volume at the 18+ data path', () => {
    const pg = services.postgresql;
    expect(pg).toMatchObject({
      image: expect.stringMatching(/^postgres:18(\.|-|$)/),
      healthcheck: { test: expect.anything() },
      volumes: expect.arrayContaining(['postgres-data:/var/lib/postgresql']),
    });
    expect(pg?.volumes).not.toContainEqual(expect.stringMatching(/:\/var\/lib\/postgresql\/data$/));
    expect(compose.volumes).toHaveProperty('postgres-data');
  });

  it('mounts only paths that exist in the repository', () => {
    const mounts = Object.values(services).flatMap((s) => s.volumes ?? []);
    const paths = mounts.filter((v) => v.startsWith('./')).map((v) => v.split(':')[0] ?? '');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(existsSync(join(root, path)), `${path} is missing`).toBe(true);
  });
});

it('Dockerfile installs with npm ci, builds the console and runs the API as the node user', () => {
  const dockerfile = read('Dockerfile');
  expect(dockerfile).not.toMatch(/:latest\b/);
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.]*-bookworm-slim$/m);
  for (const line of ['RUN npm ci', 'RUN npm ci --omit=dev', 'RUN npm run build -w web']) {
    expect(dockerfile.split('\n')).toContain(line);
  }
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).split('\n');
  const copyDist = 'COPY --from=build /app/web/dist ./web/dist';
  for (const line of ['USER node', 'CMD ["node", "api/src/main.ts"]', copyDist]) {
    expect(finalStage).toContain(line);
  }
});

it('Dockerfile copies every workspace manifest before npm ci, so the image installs them all', () => {
  const dockerfile = read('Dockerfile').split('\n');
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  for (const workspace of workspaces) {
    expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  }
});

// An empty --env-file keeps a developer's .env out of the `config -q` runs below.
const emptyEnvFile = join(mkdtempSync(join(tmpdir(), 'compose-check-')), 'empty.env');
writeFileSync(emptyEnvFile, '');
afterAll(() => rmSync(dirname(emptyEnvFile), { recursive: true, force: true }));
const configArgs = ['--env-file', emptyEnvFile, '-f', 'docker-compose.yml', 'config', '-q'];

// Every Compose CLI on PATH must agree; an absent one shows up as a skipped block.
for (const [cmd = '', ...prefix] of [['docker', 'compose'], ['docker-compose']]) {
  const run = (args: string[], env = process.env) =>
    spawnSync(cmd, [...prefix, ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  const config = (keys?: string) => run(configArgs, { ...process.env, APP_ENCRYPTION_KEYS: keys });
  const found = run(['version']).status === 0;
  const name = `${[cmd, ...prefix].join(' ')} config -q`;

  describe.skipIf(!found)(found ? name : `${name} (skipped: CLI not found on PATH)`, () => {
    it('accepts the file when APP_ENCRYPTION_KEYS is set', () => {
      const result = config(`k1:${Buffer.alloc(32, 7).toString('base64')}`);
      expect(result.error).toBeUndefined();
      expect(result.status, result.stderr).toBe(0);
    });

    it('fails naming APP_ENCRYPTION_KEYS when it is unset', () => {
      const result = config(undefined);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('APP_ENCRYPTION_KEYS');
    });
  });
}
