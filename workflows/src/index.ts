export * from './names.ts';
export type * from './activity-types.ts';
export type * as workflows from './workflows.ts';
