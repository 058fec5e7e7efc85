import { fileURLToPath } from 'node:url';

/** Absolute path of the plain-SQL migrations folder (ADR 003). */
export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
