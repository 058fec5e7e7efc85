// @patchbay/db: the one data layer (ADR 014). The API, the worker, the ops scripts and the
// test support read and write PostgreSQL only through these modules; nothing else holds SQL
// but the migrations in schema/migrations.
export * from './client.ts';
export * from './migrate.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './password-resets.ts';
export * from './integrations.ts';
export * from './credentials.ts';
export * from './oauth-connections.ts';
export * from './runs.ts';
export * from './runs-in-flight.ts';
export * from './state.ts';
export * from './notifications.ts';
export * from './audit.ts';
export * from './rate-limits.ts';
export * from './retention.ts';
export * from './vault-check.ts';
export * from './webhook-events.ts';
