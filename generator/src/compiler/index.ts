// The compiler alone (plan → code), for the API's Plan tab route: it needs no model client and
// no sandbox, so the API process does not load them.
export { compilePlan, type CompileOptions } from './compile-plan.ts';
export { PlanError } from './hydrate-plan.ts';
