import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The Temporal CLI that scripts/bootstrap.mjs chose (it sets PATCHBAY_TEMPORAL_CLI and links .tools/bin/temporal). */
export function temporalCliPath(): string {
  const fromBootstrap = process.env.PATCHBAY_TEMPORAL_CLI;
  if (fromBootstrap) return fromBootstrap;
  const linked = fileURLToPath(new URL('../../.tools/bin/temporal', import.meta.url));
  if (existsSync(linked)) return linked;
  throw new Error(
    'No Temporal CLI: run `npm test` (its bootstrap installs one) or set PATCHBAY_TEMPORAL_CLI.',
  );
}
