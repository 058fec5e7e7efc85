import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';
import { mentions } from './resource-words.ts';
import { requiredParams } from './choose-operations.ts';
import type { GroundedPlan, ReadPlan, RelatedRead } from './plan-types.ts';
import { usedPaths } from './requested-fields.ts';
import { fieldsLine, requiredPaths } from './plan-mapping.ts';
import { recordSchema } from './plan-write.ts';

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
  // The plan keeps five at most (schema/src/generation-plan.ts).
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
  return found.slice(0, 5);
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
function usedRelated(plan: GroundedPlan, candidates: readonly RelatedRead[]): RelatedRead[] {
  const paths = usedPaths(plan);
  return candidates.filter((c) => paths.some((path) => path.startsWith(`${c.field}.`)));
}

/** Where the record is in the get's answer: the answer itself, or its one wrapping object. */
export function relatedRecordPath(operation: TOperation): string {
  const properties = Object.entries(operation.response?.properties ?? {});
  const [only] = properties;
  return properties.length === 1 && only?.[1].type === 'object' ? only[0] : '';
}

/**
 * A rule reads a related record's field only where the prompt says both ("the customer email",
 * "the customer's phone", "the email of the customer"): naming the customer is no reason to fill
 * other fields from it. A required field keeps its rule, since nothing else fills it.
 */
function saidRelatedRules(
  text: string,
  plan: GroundedPlan,
  candidates: readonly RelatedRead[],
  required: readonly string[],
): void {
  const write = plan.destination;
  if (!write) return;
  const lower = text.toLowerCase();
  const said = (field: string, leaf: string) => {
    const owner = namedResource(field);
    const words = leaf.replace(/[_.]+/g, ' ').toLowerCase();
    return (
      lower.includes(`${owner} ${words}`) ||
      lower.includes(`${owner}'s ${words}`) ||
      lower.includes(`${owner}’s ${words}`) ||
      new RegExp(`\\b${words} (?:of|on|from) (?:the |their |its )?(?:\\w+ )?${owner}\\b`).test(
        lower,
      )
    );
  };
  const kept = write.rules.filter((rule) => {
    const related = candidates.find((c) => rule.from?.startsWith(`${c.field}.`));
    if (!related || !rule.from || required.includes(rule.to)) return true;
    return said(related.field, rule.from.slice(related.field.length + 1));
  });
  if (kept.length === write.rules.length) return;
  write.rules = kept;
  const line = plan.understood.findIndex((l) => l.startsWith('Fields: '));
  if (line >= 0) plan.understood[line] = fieldsLine(kept);
}

/**
 * The related records the plan reads, after its mapping and filters: the rules the prompt asked
 * for, and a get for each related record they use. A filter inside a related record is not
 * supported: it would need a get for every record read, past a run's 100 requests.
 */
export function planRelated(
  text: string,
  plan: GroundedPlan,
  candidates: readonly RelatedRead[],
  block: (message: string) => void,
): void {
  const read = plan.source;
  if (!read || candidates.length === 0) return;
  const schema = plan.destination ? recordSchema(plan.destination) : undefined;
  saidRelatedRules(text, plan, candidates, requiredPaths(schema));
  for (const filter of plan.filters) {
    const inside = candidates.find((c) => filter.field.startsWith(`${c.field}.`));
    if (inside)
      block(
        `a condition on the ${inside.resource.name}'s ${filter.field.slice(inside.field.length + 1)} ("${filter.phrase}"): filtering on a field of a related record is not supported yet`,
      );
  }
  const related = usedRelated(plan, candidates);
  if (related.length === 0) return;
  read.related = related;
  for (const r of related)
    plan.understood.push(
      `Each ${read.resource.name}'s ${r.field} is read with ${r.operation.method} ${r.operation.path} (${r.operation.id}), once per ${r.resource.name}.`,
    );
}
