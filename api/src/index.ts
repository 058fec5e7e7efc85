export { createApp, type AppType } from './app.ts';
export type { AppDeps } from './app-deps.ts';
