import {
  GENERATION_PLAN_VERSION,
  type TGenerationPlan,
  type TOperation,
  type TPlanOperation,
} from '@patchbay/schema';
import type { GroundedPlan } from './plan-types.ts';

// The planner's working plan holds whole operations and resources from the descriptions; the
// plan it hands on names them instead (schema/src/generation-plan.ts), so it can be stored,
// shown, edited and compiled again. compiler/hydrate-plan.ts is the way back.

export function operationRef(operation: TOperation): TPlanOperation {
  return { operationId: operation.id, method: operation.method, path: operation.path };
}

/** Drops keys whose value is undefined, which the strict schema would otherwise carry as-is. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function toGenerationPlan(plan: GroundedPlan): TGenerationPlan {
  const { source, destination, dedupe, cursor } = plan;
  return defined({
    version: GENERATION_PLAN_VERSION,
    source: source
      ? defined({
          resource: source.resource.name,
          operation: operationRef(source.operation),
          pathParams: source.pathParams,
          query: source.query,
          itemsPath: source.itemsPath,
          pagination: source.pagination,
          pageSize: source.pageSize,
          sinceIdParam: source.sinceIdParam,
          graphql: source.graphql,
          form: source.form,
          headers: source.headers,
          related: source.related?.map((r) => ({
            field: r.field,
            idKey: r.idKey,
            resource: r.resource.name,
            operation: operationRef(r.operation),
            param: r.param,
          })),
        })
      : undefined,
    destination: destination
      ? defined({
          resource: destination.resource.name,
          operation: operationRef(destination.operation),
          kind: destination.kind,
          pathParams: destination.pathParams,
          query: destination.query,
          headers: destination.headers,
          envelope: destination.envelope,
          container: destination.container,
          form: destination.form,
          mapping: destination.rules.map((rule) => defined({ ...rule })),
          message: destination.message ? defined({ ...destination.message }) : undefined,
          batch: destination.batch,
          propertyTypes: destination.propertyTypes,
          columns: destination.columns,
          spread: destination.spread,
          onRefused: destination.onRefused,
        })
      : undefined,
    filters: plan.filters.map((filter) => defined({ ...filter })),
    cursor: cursor ? defined({ ...cursor }) : undefined,
    sort: plan.sort,
    dedupe: dedupe
      ? {
          sourceField: dedupe.sourceField,
          destinationField: dedupe.destinationField,
          operation: operationRef(dedupe.operation),
          pathParams: dedupe.pathParams,
          query: dedupe.query,
          itemsPath: dedupe.itemsPath,
          pagination: dedupe.pagination,
          headers: dedupe.headers,
          phrase: dedupe.phrase,
          ...(dedupe.update
            ? { update: { ...dedupe.update, operation: operationRef(dedupe.update.operation) } }
            : {}),
        }
      : undefined,
    lookups: plan.lookups.map((lookup) =>
      defined({
        // The destination is the default, so plans written before source lookups read the same.
        side: lookup.side === 'source' ? lookup.side : undefined,
        target: lookup.target,
        operation: operationRef(lookup.operation),
        pathParams: lookup.pathParams,
        itemsPath: lookup.itemsPath,
        idField: lookup.idField,
        nameField: lookup.nameField,
        name: lookup.name,
        resource: lookup.resource,
      }),
    ),
    schedule: plan.schedule,
    remember: plan.remember,
    understood: plan.understood,
    assumptions: plan.assumptions,
    unresolved: plan.unresolved,
    blocking: plan.blocking,
  });
}
