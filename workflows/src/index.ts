export * from './names.ts';
export * from './retry-policy.ts';
export * from './parse-payload.ts';
export type * from './activity-types.ts';
export type * as workflows from './workflows.ts';
