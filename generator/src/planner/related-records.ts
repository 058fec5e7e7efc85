import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';
import { mentions } from './resource-words.ts';
import { requiredParams } from './choose-operations.ts';
import type { GroundedPlan, ReadPlan, RelatedRead } from './plan-types.ts';
import { usedPaths } from './requested-fields.ts';

// "the customer's email" on a Stripe charge: the charge holds only the customer's id, and the
// customer is another resource of the same API with a call that gets one by id. The record read
// gets that field replaced by the record it names (as Stripe's own `expand` does), fetched once
// per id after the filters, so `customer.email` is a field like any other for the mapping.

/** The described call that gets one `resource` by the id in its only required path parameter. */
function getById(resource: TResource): { operation: TOperation; param: string } | undefined {
  for (const operation of resource.operations) {
    if (operation.kind !== 'get' || operation.method !== 'GET') continue;
    const params = requiredParams(operation, 'path');
    if (params.length !== 1 || requiredParams(operation, 'query').length > 0) continue;
    return { operation, param: params[0] as string };
  }
  return undefined;
}

/** "customer", "customer_id", "customerId", "owner_gid": the resource an id field names. */
function namedResource(field: string): string {
  return field
    .replace(/(?:_id|_gid|Id|Gid|_uuid)$/, '')
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
}

/**
 * The id fields of the records read that name another resource the prompt speaks of, each with
 * the call that gets that resource by id.
 */
export function relatedCandidates(
  text: string,
  description: TApiDescription,
  read: ReadPlan,
): RelatedRead[] {
  const found: RelatedRead[] = [];
  for (const [field, schema] of Object.entries(read.resource.schema.properties ?? {})) {
    if (schema.type !== 'string' && schema.type !== 'integer') continue;
    const name = namedResource(field);
    // Salesforce's AccountId beside Account{Name}: the record carries the related fields already.
    const beside = Object.entries(read.resource.schema.properties ?? {}).find(
      ([other, s]) => other.toLowerCase() === name && s.type === 'object',
    );
    if (beside) continue;
    const resource = description.resources.find(
      (r) => r !== read.resource && (r.name.toLowerCase() === name || r.aliases.includes(name)),
    );
    if (!resource) continue;
    // Said as a word: "customer_email" names a field of the record, not the customer.
    const said = mentions(text, resource, description).some(
      (m) => !/[\w.]/.test(text[m.index - 1] ?? '') && !/[_.]/.test(text[m.end] ?? ''),
    );
    if (!said) continue;
    const get = getById(resource);
    if (!get) continue;
    found.push({ field, resource, operation: get.operation, param: get.param });
  }
  return found;
}

/** The resource read, as the mapping sees it: each related id field holds its record. */
export function withRelated(resource: TResource, related: readonly RelatedRead[]): TResource {
  if (related.length === 0) return resource;
  // Related fields go last: a finder that takes the first match prefers the record's own
  // `customer_name` to the related `customer.name`.
  const properties: Record<string, TFieldSchema> = { ...resource.schema.properties };
  for (const { field, resource: other } of related) {
    delete properties[field];
    properties[field] = other.schema;
  }
  return { ...resource, schema: { ...resource.schema, properties } };
}

/** The related records a plan uses: something it maps, filters or keys on is inside one. */
export function usedRelated(plan: GroundedPlan, candidates: readonly RelatedRead[]): RelatedRead[] {
  const paths = usedPaths(plan);
  return candidates.filter((c) => paths.some((path) => path.startsWith(`${c.field}.`)));
}

/** Where the record is in the get's answer: the answer itself, or its one wrapping object. */
export function relatedRecordPath(operation: TOperation): string {
  const properties = Object.entries(operation.response?.properties ?? {});
  const [only] = properties;
  return properties.length === 1 && only?.[1].type === 'object' ? only[0] : '';
}
