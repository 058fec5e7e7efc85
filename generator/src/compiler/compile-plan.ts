import type { TApiDescription, TGenerationPlan } from '@patchbay/schema';
import type { GenerationResult } from '../generator.ts';
import { requiredPaths } from '../planner/plan-mapping.ts';
import type { GroundedInput, GroundedPlan } from '../planner/plan-types.ts';
import { groundedRequirements } from '../planner/requirements.ts';
import { renderGrounded } from './grounded-code.ts';
import { hydratePlan } from './hydrate-plan.ts';

// The compiler's one entry: a plan (schema/src/generation-plan.ts) and the two descriptions in,
// code and its checklist out. The rule-based generator compiles its own plan through here, and so
// does the Plan tab after a person edits one, so both get base paths, pagination and credentials
// from the same renderer.

const REQUIRED_GAP = /^the required \S+ field "[^"]+"/;

/**
 * A person may map a field the planner left empty, or unmap one: which required fields nothing
 * fills is worked out again from the plan as it is now, not kept from the first reading.
 */
function recheckRequiredFields(plan: GroundedPlan): void {
  const write = plan.destination;
  plan.blocking = plan.blocking.filter((item) => !REQUIRED_GAP.test(item));
  plan.unresolved = plan.unresolved.filter((item) => !REQUIRED_GAP.test(item));
  if (!write || write.kind === 'message' || write.container?.kind === 'values-array') return;
  let schema = write.operation.body?.schema;
  if (write.envelope) schema = schema?.properties?.[write.envelope];
  if (write.container) schema = schema?.properties?.[write.container.field];
  for (const name of requiredPaths(schema)) {
    const covered = write.rules.some((r) => r.to === name || r.to.startsWith(`${name}.`));
    if (covered) continue;
    const gap = `the required ${write.operation.id} field "${name}": nothing in the plan fills it`;
    plan.blocking.push(gap);
    plan.unresolved.push(gap);
  }
}

export interface CompileOptions {
  /** The plan was edited by a person: facts derived from its first reading are checked again. */
  edited?: boolean;
}

export function compilePlan(
  input: GroundedInput,
  plan: TGenerationPlan,
  descriptions: { source: TApiDescription; destination: TApiDescription },
  options: CompileOptions = {},
): GenerationResult & { plan: TGenerationPlan } {
  const grounded = hydratePlan(plan, descriptions, input.sourceApiName);
  if (options.edited) recheckRequiredFields(grounded);
  const code = renderGrounded(input, grounded, descriptions);
  const names = { source: input.sourceApiName, destination: input.destApiName };
  const compiled = {
    ...plan,
    unresolved: grounded.unresolved,
    blocking: grounded.blocking,
  };
  const result: GenerationResult & { plan: TGenerationPlan } = {
    code,
    generator: 'template',
    unresolved: grounded.unresolved,
    requirements: groundedRequirements(grounded, code, names),
    operations: grounded.calls,
    plan: compiled,
  };
  if (grounded.schedule) result.schedule = grounded.schedule;
  return result;
}
