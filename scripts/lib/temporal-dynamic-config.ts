// The Temporal dynamic config in deploy/temporal/dynamicconfig/patchbay.yaml is the one source
// (ADR 016): compose mounts the file, and the embedded dev server gets the same values as
// `--dynamic-config-value KEY=JSON` flags, so the bench's raw floor, the tests and `npm start`
// run on the server settings production uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const DYNAMIC_CONFIG_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'deploy',
  'temporal',
  'dynamicconfig',
  'patchbay.yaml',
);

/** Each key's unconstrained value; constrained entries (per namespace, per queue) are compose-only. */
export function dynamicConfigValues(file = DYNAMIC_CONFIG_FILE): Record<string, unknown> {
  const parsed = parse(readFileSync(file, 'utf8')) as Record<
    string,
    Array<{ value: unknown; constraints?: Record<string, unknown> }>
  >;
  const values: Record<string, unknown> = {};
  for (const [key, entries] of Object.entries(parsed ?? {})) {
    const global = entries.find((e) => !e.constraints || Object.keys(e.constraints).length === 0);
    if (global) values[key] = global.value;
  }
  return values;
}

/** The dev server's flags for those values. */
export function dynamicConfigArgs(file = DYNAMIC_CONFIG_FILE): string[] {
  return Object.entries(dynamicConfigValues(file)).flatMap(([key, value]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(value)}`,
  ]);
}
