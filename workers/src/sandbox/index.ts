// The sandbox (ADR 012): runs integration code in isolated-vm, in a pool of runner
// processes, with the ctx contract implemented host-side. See sandbox-pool.ts for the process
// model, isolate-host.ts and @patchbay/runtime for what the code sees.
export { SandboxPool, type SandboxPoolOptions } from './sandbox-pool.ts';
export {
  DEFAULT_LIMITS,
  type LogEntry,
  type LogLevel,
  type SandboxConnection,
  type SandboxError,
  type SandboxLimits,
  type SandboxRunInput,
  type SandboxRunResult,
  type TranscriptEntry,
} from './types.ts';
