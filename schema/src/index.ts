// Contracts shared by api, workers and web. Only browser-safe modules are
// re-exported here; Node-only helpers live behind their own subpath exports.
export * from './api-error.ts';
export * from './health.ts';
export * from './auth.ts';
export * from './sign-in-redirect.ts';
export * from './integration-constants.ts';
export * from './schedule.ts';
export * from './integrations.ts';
export * from './runs.ts';
export * from './replay.ts';
export * from './limits.ts';
export * from './failures.ts';
export * from './workflow-payloads.ts';
export * from './ctx-contract.ts';
export * from './ctx-example.ts';
export * from './integration-contract.ts';
export * from './generation-report.ts';
export * from './generation-plan.ts';
export * from './example-prompts.ts';
export * from './api-description.ts';
export * from './triggers.ts';
export * from './run-timeline.ts';
export * from './oauth.ts';
export * from './cron.ts';
export * from './notifications.ts';
export * from './alert-rule.ts';
export * from './connection-readiness.ts';
