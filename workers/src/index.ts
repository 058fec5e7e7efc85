export { bundleWorkflows } from './bundle-workflows.ts';
export { connectToTemporal, createWorker } from './create-worker.ts';
export { createActivities } from './activities/index.ts';
