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

/**
 * "customer", "customer_id", "customerId", "owner_gid", "CustomerRef": the resource an id field
 * or a reference object names.
 */
function namedResource(field: string): string {
  return field
    .replace(/(?:_id|_gid|Id|Gid|_uuid|Ref|_ref)$/, '')
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
}

/**
 * The id inside a reference object that stands for another record in the list (Xero's
 * `Contact: {ContactID, Name}`, QuickBooks' `CustomerRef: {value, name}`, Harvest's
 * `client: {id, name}`): the key that holds it, or undefined when the object is not one.
 */
function referenceIdKey(field: string, schema: TFieldSchema): string | undefined {
  if (schema.type !== 'object') return undefined;
  const keys = Object.entries(schema.properties ?? {})
    .filter(([, s]) => s.type === 'string' || s.type === 'integer')
    .map(([key]) => key);
  const lower = field.toLowerCase();
  return keys.find((key) =>
    [`${lower}id`, `${lower}_id`, 'id', 'gid', ...(/ref$/.test(lower) ? ['value'] : [])].includes(
      key.toLowerCase(),
    ),
  );
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
    const idKey = referenceIdKey(field, schema);
    if (schema.type !== 'string' && schema.type !== 'integer' && !idKey) continue;
    const name = namedResource(field);
    // Salesforce's AccountId beside Account{Name}: the record carries the related fields already.
    const beside = Object.entries(read.resource.schema.properties ?? {}).find(
      ([other, s]) => other !== field && other.toLowerCase() === name && s.type === 'object',
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
    found.push({ field, idKey, resource, operation: get.operation, param: get.param });
  }
  return found.slice(0, 5);
}

/** The resource read, as the mapping sees it: each related id field holds its record. */
export function withRelated(resource: TResource, related: readonly RelatedRead[]): TResource {
  if (related.length === 0) return resource;
  // Related fields go last: a finder that takes the first match prefers the record's own
  // `customer_name` to the related `customer.name`.
  const properties: Record<string, TFieldSchema> = { ...resource.schema.properties };
  for (const { field, idKey, resource: other } of related) {
    const own = properties[field];
    delete properties[field];
    // A reference object keeps what it carries (the id, a name) beside the record's fields.
    properties[field] =
      idKey && own?.type === 'object'
        ? {
            ...other.schema,
            properties: { ...own.properties, ...other.schema.properties },
          }
        : other.schema;
  }
  return { ...resource, schema: { ...resource.schema, properties } };
}

/**
 * The related records a plan uses: something it maps, filters or keys on is inside one. What a
 * reference object carries already (its id, a name) needs no get.
 */
/** The fields a reference object carries in the list already (its id, a name). */
function carriedBy(related: RelatedRead, listed: TResource): string[] {
  if (!related.idKey) return [];
  return Object.keys(listed.schema.properties?.[related.field]?.properties ?? {});
}

function usedRelated(
  plan: GroundedPlan,
  candidates: readonly RelatedRead[],
  listed: TResource,
): RelatedRead[] {
  const paths = usedPaths(plan);
  return candidates.filter((c) => {
    const carried = carriedBy(c, listed);
    return paths.some(
      (path) =>
        path.startsWith(`${c.field}.`) &&
        !carried.includes(path.slice(c.field.length + 1).split('.')[0] ?? ''),
    );
  });
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
  listed: TResource,
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
    const leaf = rule.from.slice(related.field.length + 1);
    return (
      carriedBy(related, listed).includes(leaf.split('.')[0] ?? '') || said(related.field, leaf)
    );
  });
  if (kept.length === write.rules.length) return;
  write.rules = kept;
  const line = plan.understood.findIndex((l) => l.startsWith('Fields: '));
  if (line >= 0) plan.understood[line] = fieldsLine(kept);
}

/**
 * The related records the plan reads, after its mapping and filters: the rules the prompt asked
 * for, and a get for each related record they use. A condition inside a related record is
 * checked after the record's own conditions, each get made only for a record that passed them
 * (the runtime's `passingWithRelated`).
 */
export function planRelated(
  text: string,
  plan: GroundedPlan,
  candidates: readonly RelatedRead[],
  listed: TResource,
): void {
  const read = plan.source;
  if (!read || candidates.length === 0) return;
  const schema = plan.destination ? recordSchema(plan.destination) : undefined;
  saidRelatedRules(text, plan, candidates, listed, requiredPaths(schema));
  const related = usedRelated(plan, candidates, listed);
  if (related.length === 0) return;
  read.related = related;
  for (const r of related)
    plan.understood.push(
      `Each ${read.resource.name}'s ${r.field} is read with ${r.operation.method} ${r.operation.path} (${r.operation.id}), once per ${r.resource.name}.`,
    );
}
