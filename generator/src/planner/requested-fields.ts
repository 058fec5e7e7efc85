import { templatePaths } from '@patchbay/schema';
import type { GroundedPlan } from './plan-types.ts';

// Lists that return only the fields asked for (Asana's `opt_fields`, HubSpot's `properties`,
// `fields`, `$select`): the read asks for every field the plan maps, filters, templates, keys or
// pages on, so the code never writes an empty value for a field the API would have returned.

const FIELD_SELECTOR =
  /^(?:opt_fields|fields|\$select|select|properties|attributes)$|[._]?fields$/i;

/** The source paths a plan reads from a record, in the order it first uses them. */
export function usedPaths(plan: GroundedPlan): string[] {
  const read = plan.source;
  const write = plan.destination;
  const paths: string[] = [];
  const add = (path: string | undefined) => {
    if (path && !paths.includes(path)) paths.push(path);
  };
  for (const rule of write?.rules ?? []) {
    add(rule.from);
    for (const part of rule.parts ?? []) add(part);
    for (const path of templatePaths(rule.template ?? '')) add(path);
  }
  // A message's text, and its address and subject when they take a record's field ("{email}").
  for (const text of [
    write?.message?.template,
    write?.message?.channel,
    ...Object.values(write?.message?.fixed ?? {}),
  ])
    for (const path of templatePaths(text ?? '')) add(path);
  for (const column of write?.columns ?? []) add(column);
  for (const filter of plan.filters) add(filter.field);
  add(plan.cursor?.field);
  add(plan.dedupe?.sourceField);
  add(read?.resource.idField);
  return paths.map((path) => path.replace(/\.0(?=\.|$)/g, ''));
}

/** The fields the read itself returns: a related record's fields come with its own call. */
function readPaths(plan: GroundedPlan): string[] {
  const related = (plan.source?.related ?? []).map((r) => r.field);
  const paths = usedPaths(plan).map(
    (path) => related.find((field) => path.startsWith(`${field}.`)) ?? path,
  );
  return [...new Set(paths)];
}

export function requestUsedFields(plan: GroundedPlan): void {
  const read = plan.source;
  if (!read) return;
  selectUsedRelations(plan);
  const selector = read.operation.params.find(
    (p) => p.in === 'query' && FIELD_SELECTOR.test(p.name) && read.query[p.name] === undefined,
  );
  if (!selector) return;
  let paths = readPaths(plan);
  // HubSpot's `properties=email` and Jira's `fields=priority` name the keys of the record's
  // object of that name; what is inside a key (`priority.name`) comes with it.
  const inside = `${selector.name}.`;
  if (paths.some((p) => p.startsWith(inside)))
    paths = [
      ...new Set(
        paths
          .filter((p) => p.startsWith(inside))
          .map((p) => p.slice(inside.length).split('.')[0] as string),
      ),
    ];
  if (paths.length === 0) return;
  read.query[selector.name] = paths.join(',');
  plan.understood.push(
    `${read.operation.id} returns only the fields asked for: ${selector.name}=${paths.join(',')}.`,
  );
}

/**
 * A query language's SELECT (Salesforce SOQL) names the record's own fields; a related record's
 * field the plan uses (`Account.Name`, `Owner.Name`) is added to it, since the API returns only
 * the fields selected.
 */
function selectUsedRelations(plan: GroundedPlan): void {
  const read = plan.source;
  if (!read) return;
  const properties = read.resource.schema.properties ?? {};
  const related = readPaths(plan).filter((path) => {
    const head = path.split('.')[0] ?? '';
    return path.includes('.') && properties[head]?.type === 'object';
  });
  if (related.length === 0) return;
  for (const [name, value] of Object.entries(read.query)) {
    if (typeof value !== 'string') continue;
    const select = /^SELECT\s+(.+?)\s+FROM\s/i.exec(value);
    if (!select?.[1]) continue;
    const fields = select[1].split(/\s*,\s*/);
    const added = related.filter((path) => !fields.includes(path));
    if (added.length === 0) continue;
    read.query[name] = value.replace(select[1], [...fields, ...added].join(', '));
    plan.understood.push(
      `${read.operation.id} selects the related fields it writes: ${added.join(', ')}.`,
    );
  }
}
