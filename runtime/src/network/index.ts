// The network rules of the sandbox's host side (ADR 012): every request made on a user's
// behalf (integration code, OAuth token exchanges, alert webhooks, OpenAPI imports) goes
// through guardedRequest, which checks each hop's addresses and connects to the checked one.
// Node-only: the worker and the API import it; the isolate never does.
export * from './network-guard.ts';
export * from './guarded-request.ts';
