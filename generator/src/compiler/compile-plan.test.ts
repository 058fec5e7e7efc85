import { loadCatalog } from '@patchbay/catalog';
import { ZGenerationPlan, type TApiDescription, type TGenerationPlan } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { renderGrounded } from './grounded-code.ts';
import { compilePlan } from './compile-plan.ts';
import { PlanError } from './hydrate-plan.ts';
import { planGrounded } from '../planner/grounded-plan.ts';
import { toGenerationPlan } from '../planner/plan-document.ts';

// The plan is the hand-off between planner and compiler: everything the code depends on must
// survive the trip through the stored form (JSON, the strict schema), or an edited plan would
// compile to different code than the generator wrote from the same plan.

function input(source: TApiDescription, destination: TApiDescription, userPrompt: string) {
  return {
    sourceApiName: source.name,
    sourceApiUrl: source.baseUrl,
    destApiName: destination.name,
    destApiUrl: destination.baseUrl,
    userPrompt,
  };
}

function byId(id: string): TApiDescription {
  const found = loadCatalog().find((entry) => entry.id === id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

describe('the generation plan', () => {
  it('compiles, after JSON and the strict schema, to the code the planner would render directly', () => {
    const catalog = loadCatalog();
    let compared = 0;
    for (const [i, source] of catalog.entries()) {
      for (const destination of [1, 5].map((k) => catalog[(i + k) % catalog.length]!)) {
        const prompts = [
          `Each weekday at 7:30, take the ${source.resources[0]!.plural} from ${source.name} that were created since the previous run and put them into ${destination.name}; don't repeat any.`,
          `${source.name} ${source.resources.at(-1)!.plural} to ${destination.name}, only the ones whose status is open or pending, but not archived ones`,
        ];
        for (const prompt of prompts) {
          const grounded = planGrounded(input(source, destination, prompt), source, destination);
          const direct = renderGrounded(input(source, destination, prompt), grounded, {
            source,
            destination,
          });
          const stored = ZGenerationPlan.parse(
            JSON.parse(JSON.stringify(toGenerationPlan(grounded))),
          );
          const compiled = compilePlan(input(source, destination, prompt), stored, {
            source,
            destination,
          });
          expect(compiled.code, `${source.id} → ${destination.id}: ${prompt}`).toBe(direct);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('refuses a plan that names an operation its description lacks, naming it', () => {
    const source = byId('stripe');
    const destination = byId('hubspot');
    const prompt = 'copy Stripe customers into HubSpot contacts';
    const plan = toGenerationPlan(
      planGrounded(input(source, destination, prompt), source, destination),
    );
    const edited: TGenerationPlan = {
      ...plan,
      source: {
        ...plan.source!,
        operation: { ...plan.source!.operation, operationId: 'listInvoicesEverywhere' },
      },
    };
    expect(() =>
      compilePlan(input(source, destination, prompt), edited, { source, destination }),
    ).toThrow(PlanError);
    expect(() =>
      compilePlan(input(source, destination, prompt), edited, { source, destination }),
    ).toThrow(/listInvoicesEverywhere/);
  });

  it('works out again which required fields nothing fills after a person edits the mapping', () => {
    const source = byId('stripe');
    const destination = byId('asana');
    const prompt = 'copy Stripe customers into Asana';
    const plan = toGenerationPlan(
      planGrounded(input(source, destination, prompt), source, destination),
    );
    expect(plan.blocking).toEqual([]);
    const write = plan.destination!;
    // Unmapping every field leaves Asana's required task name empty: the code refuses, and the
    // checklist says what is missing.
    const emptied = compilePlan(
      input(source, destination, prompt),
      { ...plan, destination: { ...write, mapping: [] } },
      { source, destination },
      { edited: true },
    );
    expect(emptied.plan.blocking).toEqual([
      'the required createTask field "name": nothing in the plan fills it',
    ]);
    expect(emptied.requirements.some((r) => r.status === 'missing')).toBe(true);
    expect(emptied.code).not.toContain('const MISSING = [];');
    // Mapping it again removes the gap, and the code runs again.
    const again = compilePlan(
      input(source, destination, prompt),
      emptied.plan.destination ? { ...emptied.plan, destination: write } : plan,
      { source, destination },
      { edited: true },
    );
    expect(again.plan.blocking).toEqual([]);
    expect(again.code).toContain('const MISSING = [];');
  });
});
