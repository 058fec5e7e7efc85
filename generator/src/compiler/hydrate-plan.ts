import { withRelated } from '../planner/related-records.ts';
import type {
  TApiDescription,
  TGenerationPlan,
  TOperation,
  TPlanOperation,
  TResource,
} from '@patchbay/schema';
import { plannedCalls } from '../planner/grounded-plan.ts';
import type { GroundedPlan } from '../planner/plan-types.ts';

// The way back from a stored or edited plan (schema/src/generation-plan.ts) to the planner's
// working form the compiler renders: each operation and resource the plan names is found in the
// description of its side. A plan that names something its description lacks is refused with a
// message naming it, since the code would call an operation nobody described.

export class PlanError extends Error {
  override name = 'PlanError';
}

function findResource(description: TApiDescription, name: string, side: string): TResource {
  const resource = description.resources.find((r) => r.name === name);
  if (!resource) throw new PlanError(`${description.name} (${side}) has no resource "${name}"`);
  return resource;
}

function findOperation(
  description: TApiDescription,
  ref: TPlanOperation,
  side: string,
  within?: TResource,
): TOperation {
  const pool = within ? [within] : description.resources;
  for (const resource of pool) {
    const operation = resource.operations.find((op) => op.id === ref.operationId);
    if (operation) return operation;
  }
  throw new PlanError(
    `${description.name} (${side}) has no operation "${ref.operationId}"${within ? ` on ${within.plural}` : ''}`,
  );
}

export function hydratePlan(
  plan: TGenerationPlan,
  descriptions: { source: TApiDescription; destination: TApiDescription },
  sourceApiName: string,
): GroundedPlan {
  const { source, destination } = descriptions;
  let read: GroundedPlan['source'];
  if (plan.source) {
    const listed = findResource(source, plan.source.resource, 'source');
    const { resource: _name, operation, related: relatedRefs, ...rest } = plan.source;
    const related = relatedRefs?.map((r) => {
      const other = findResource(source, r.resource, 'source');
      return {
        ...r,
        resource: other,
        operation: findOperation(source, r.operation, 'source', other),
      };
    });
    read = {
      ...rest,
      // The mapping reads fields inside the related records, as the planner saw them.
      resource: withRelated(listed, related ?? []),
      operation: findOperation(source, operation, 'source', listed),
      pageSize: rest.pageSize,
      ...(related ? { related } : {}),
    };
  }
  let write: GroundedPlan['destination'];
  if (plan.destination) {
    const resource = findResource(destination, plan.destination.resource, 'destination');
    const { resource: _name, operation, mapping, ...rest } = plan.destination;
    write = {
      ...rest,
      resource,
      operation: findOperation(destination, operation, 'destination', resource),
      rules: mapping.map(({ parts, ...rule }) =>
        parts ? { ...rule, parts: [parts[0] ?? '', parts[1] ?? ''] } : rule,
      ),
    };
  }
  const grounded: GroundedPlan = {
    destinationDescription: destination,
    sourceName: sourceApiName.trim().toLowerCase(),
    source: read,
    destination: write,
    filters: plan.filters,
    cursor: plan.cursor,
    sort: plan.sort,
    dedupe: plan.dedupe
      ? {
          ...plan.dedupe,
          operation: findOperation(destination, plan.dedupe.operation, 'destination'),
          update: plan.dedupe.update && {
            ...plan.dedupe.update,
            operation: findOperation(destination, plan.dedupe.update.operation, 'destination'),
          },
        }
      : undefined,
    understood: [...plan.understood],
    assumptions: [...plan.assumptions],
    unresolved: [...plan.unresolved],
    blocking: [...plan.blocking],
    calls: [],
    schedule: plan.schedule,
    lookups: plan.lookups.map((lookup) => {
      const side = lookup.side ?? 'destination';
      return {
        ...lookup,
        side,
        name: lookup.name,
        operation: findOperation(descriptions[side], lookup.operation, side),
      };
    }),
    remember: plan.remember,
  };
  grounded.calls = plannedCalls(grounded, destination);
  return grounded;
}
