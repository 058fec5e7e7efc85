import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import {
  CTX_CONTRACT_DTS,
  type TAuthConfig,
  type TAuthType,
  type TSchedule,
  type TWebhookSignature,
} from '@patchbay/schema';
import { renderEnvExample } from './render-env-example.ts';
import { renderReadme } from './render-readme.ts';

// Spec "code visibility and export / no vendor lock-in": the export is a standalone Node
// project that runs an integration outside Patchbay with plain `node` and no dependencies.
// Its runtime is @patchbay/runtime itself: template/runtime/patchbay-runtime.js is generated from
// runtime/src by runtime/scripts/build-runtime.ts (never edited by hand), and the other files in
// template/ adapt it to Node.js and fetch (ADR 012).
// Secrets are never part of it: the caller passes none, and only the known,
// non-secret auth settings are copied from what it does pass.

export interface ExportConnection {
  name: string;
  baseUrl: string;
  authType: TAuthType;
  authConfig: TAuthConfig;
}

export interface ExportInput {
  name: string;
  /** The integration's code: an ES module with `export default async function run(ctx)`. */
  code: string;
  schedule: TSchedule;
  source: ExportConnection;
  destination: ExportConnection;
  /**
   * A webhook-triggered integration's signature settings and where its events carry
   * their id; the export then gains `listen.js`, which receives the webhook. Never the secret.
   */
  webhook?: { signature: TWebhookSignature; eventIdPath?: string | undefined };
  /**
   * Shown in the README and used as every entry's modification time, so equal input gives
   * equal bytes.
   */
  exportedAt: Date;
}

const TEMPLATE_DIR = fileURLToPath(new URL('./template/', import.meta.url));
const WEBHOOK_ONLY_FILES = new Set(['listen.js', 'runtime/webhooks.js']);

/** The non-secret auth settings (ZAuthConfig); anything else the caller passes is dropped. */
const AUTH_CONFIG_KEYS = [
  'in',
  'name',
  'username',
  'secretIn',
  'tokenUrl',
  'clientId',
  'scope',
  'grant',
] as const satisfies readonly (keyof TAuthConfig)[];

const SLUG_MAX_LENGTH = 60;

const GITIGNORE = [
  '# Credentials, and the files runs write, stay out of version control.',
  '.env',
  'state.json',
  'state.json.tmp',
  '.run.lock',
  'run.log',
  '.oauth-tokens.json',
  '.oauth-tokens.json.tmp',
  '',
].join('\n');

/** The zip's top folder and package name: `Stripe → HubSpot` becomes `stripe-hubspot`. */
export function exportSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'integration';
}

export function exportFileName(name: string): string {
  return `${exportSlug(name)}.zip`;
}

/**
 * The export as zip bytes. Typed `Uint8Array<ArrayBuffer>` (what fflate allocates) so Hono's
 * `c.body()` and `Response` accept it as it is.
 */
export function buildExportZip(input: ExportInput): Uint8Array<ArrayBuffer> {
  const slug = exportSlug(input.name);
  const config = {
    name: input.name,
    source: connectionConfig(input.source),
    destination: connectionConfig(input.destination),
    // An interval for `npm run every`, or a cron expression and zone for the system's cron.
    schedule: input.schedule,
    ...(input.webhook
      ? {
          webhook: {
            signature: input.webhook.signature,
            ...(input.webhook.eventIdPath ? { eventIdPath: input.webhook.eventIdPath } : {}),
          },
        }
      : {}),
  };
  const packageJson = {
    name: slug,
    private: true,
    description: `${input.name}, exported from Patchbay`,
    type: 'module',
    engines: { node: '>=20.12' },
    scripts: {
      start: 'node run.js',
      every: 'node run.js --every',
      ...(input.webhook ? { listen: 'node listen.js' } : {}),
    },
  };

  const files: Record<string, Uint8Array> = {
    'README.md': strToU8(renderReadme(input, slug)),
    '.env.example': strToU8(renderEnvExample(input)),
    '.gitignore': strToU8(GITIGNORE),
    'package.json': strToU8(`${JSON.stringify(packageJson, null, 2)}\n`),
    'patchbay.config.json': strToU8(`${JSON.stringify(config, null, 2)}\n`),
    'integration.js': strToU8(input.code),
    // The ctx contract as the editor, the model and the docs see it, for the user's editor.
    'integration-context.d.ts': strToU8(CTX_CONTRACT_DTS),
  };
  for (const [path, content] of templateFiles()) {
    // The webhook listener and its checks belong to webhook-triggered integrations only.
    if (WEBHOOK_ONLY_FILES.has(path) && !input.webhook) continue;
    files[path] = content;
  }

  const entries = Object.fromEntries(
    Object.entries(files).map(([path, content]) => [`${slug}/${path}`, content]),
  );
  // A fixed modification time instead of "now" makes the archive reproducible.
  return zipSync(entries, { level: 9, mtime: input.exportedAt }) as Uint8Array<ArrayBuffer>;
}

function connectionConfig(connection: ExportConnection): ExportConnection {
  const authConfig: TAuthConfig = {};
  for (const key of AUTH_CONFIG_KEYS) {
    const value = connection.authConfig[key];
    if (typeof value === 'string') Object.assign(authConfig, { [key]: value });
  }
  return {
    name: connection.name,
    baseUrl: connection.baseUrl,
    authType: connection.authType,
    authConfig,
  };
}

let templateCache: readonly (readonly [string, Uint8Array])[] | undefined;

/** template/ as `[relative path, bytes]`, sorted by path; read once per process. */
function templateFiles(): readonly (readonly [string, Uint8Array])[] {
  templateCache ??= readdirSync(TEMPLATE_DIR, { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => statSync(join(TEMPLATE_DIR, path)).isFile())
    .sort()
    .map((path) => [path, new Uint8Array(readFileSync(join(TEMPLATE_DIR, path)))] as const);
  return templateCache;
}
