// @patchbay/runtime: the one implementation of the ctx contract (ADR 012). The
// sandbox's isolate prelude is bundled from it (workers/src/sandbox/isolate-host.ts) and the
// export ships it (src/export/). Nothing here depends on a host: a host adapter supplies send,
// log, state and the run info (see ContextHost).
export {
  AUTH_DEFAULTS,
  AUTH_TYPES,
  DEFAULT_API_KEY_HEADER,
  DEFAULT_API_KEY_PARAMETER,
  placeCredential,
  type AuthSettings,
  type AuthType,
  type CredentialPlacement,
} from './ctx/auth-defaults.ts';
export {
  createContext,
  type ApiClient,
  type ContextHost,
  type IntegrationContext,
  type RunInfo,
} from './ctx/create-context.ts';
export { HttpError, NonRetryableError, type HttpErrorDetails } from './ctx/errors.ts';
/** Built-ins captured at load, for host code that runs beside untrusted code (the isolate). */
export * as intrinsics from './ctx/intrinsics.ts';
export {
  callerFrames,
  describe as describeLogValue,
  createConsole,
  formatLogArgs,
  INTEGRATION_FILE,
  userStack,
  type LogLevel,
} from './ctx/log-format.ts';
export {
  buildRequest,
  ConfigurationError,
  encodeQuery,
  InvalidResponseError,
  parseFetchUrl,
  parseResponseBody,
  resolveApiPath,
  resolveRequest,
  type ApiRole,
  type CtxRequest,
  type RequestOptions,
  type ResolvedRequest,
  type Target,
} from './ctx/request.ts';
export {
  applyStateChanges,
  STATE_KEY_MAX_CHARS,
  StateBuffer,
  stateKeyProblem,
  type StateApi,
  type StateChanges,
} from './ctx/state-buffer.ts';
export { WEB_GLOBAL_FAMILIES, WEB_GLOBAL_NAMES, type WebGlobalFamily } from './web-globals/list.ts';
