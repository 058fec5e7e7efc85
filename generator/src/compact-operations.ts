import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';

// The operations a prompt needs, in compact text for the LLM's system prompt (ADR 015):
// the resources the prompt names on each side (else the first), and of those only the calls
// the side uses (reads on the source, writes and look-ups on the destination). Never a whole
// catalog: a model given everything picks wrong calls and the prompt grows past its budget.

const SOURCE_KINDS = ['list', 'search', 'get'];
const DESTINATION_KINDS = [
  'create',
  'upsert',
  'update',
  'send',
  'batch-create',
  'batch-upsert',
  'batch-update',
  'list',
  'search',
];
const MAX_RESOURCES_PER_SIDE = 2;

/** The resources of `description` the prompt names, in the order they appear; else the first. */
export function relevantResources(description: TApiDescription, prompt: string): TResource[] {
  const lower = ` ${prompt.toLowerCase().replace(/[^a-z0-9#]+/g, ' ')} `;
  const named = description.resources
    .map((resource) => {
      const names = [resource.name, resource.plural, ...resource.aliases].map((n) =>
        n.toLowerCase().replace(/[^a-z0-9]+/g, ' '),
      );
      const at = Math.min(
        ...names.map((n) => {
          const i = lower.indexOf(` ${n} `);
          const j = lower.indexOf(` ${n}s `);
          return Math.min(i < 0 ? Infinity : i, j < 0 ? Infinity : j);
        }),
      );
      return { resource, at };
    })
    .filter((m) => m.at !== Infinity)
    .sort((a, b) => a.at - b.at)
    .map((m) => m.resource);
  const messaging = description.messaging
    ? description.resources.find((r) =>
        r.operations.some((op) => op.id === description.messaging?.operationId),
      )
    : undefined;
  const chosen = named.length > 0 ? named : [description.resources[0] as TResource];
  if (messaging && !chosen.includes(messaging)) chosen.unshift(messaging);
  return chosen.slice(0, MAX_RESOURCES_PER_SIDE);
}

/** The relevant operations of one side, as lines of text. */
export function compactSide(
  side: 'source' | 'destination',
  description: TApiDescription,
  prompt: string,
): string {
  const kinds = side === 'source' ? SOURCE_KINDS : DESTINATION_KINDS;
  const lines = [
    `${side === 'source' ? 'Source' : 'Destination'} API: ${description.name} (description "${description.id}")`,
  ];
  if (description.messaging) {
    lines.push(
      `  Chat: post messages with ${description.messaging.operationId}, text in "${description.messaging.textField}"` +
        `${description.messaging.channelField ? `, channel in "${description.messaging.channelField}"` : ''}.`,
    );
  }
  if (description.idempotencyHeader) {
    lines.push(`  Idempotent writes: send the ${description.idempotencyHeader} header.`);
  }
  for (const resource of relevantResources(description, prompt)) {
    lines.push(
      `  Resource ${resource.name} (${resource.plural}); id field ${resource.idField}` +
        `${resource.createdField ? `; created ${resource.createdField}` : ''}` +
        `${resource.updatedField ? `; updated ${resource.updatedField}` : ''}` +
        `${resource.container ? `; writes nest fields in "${resource.container.field}" (${resource.container.kind})` : ''}`,
      `    record fields: ${fieldList(resource.schema)}`,
    );
    for (const op of resource.operations.filter((o) => kinds.includes(o.kind))) {
      lines.push(...compactOperation(op));
    }
  }
  return lines.join('\n');
}

export function compactOperation(op: TOperation): string[] {
  const lines = [`    - ${op.id}: ${op.method} ${op.path} (${op.kind})`];
  const params = op.params.map((p) => `${p.name}${p.required ? '*' : ''} (${p.in})`);
  if (params.length > 0) lines.push(`      params: ${params.join(', ')}`);
  if (op.body) {
    const schema = op.body.schema;
    lines.push(
      `      body (${op.body.contentType === 'form' ? 'form-encoded: send body as a url-encoded string with Content-Type application/x-www-form-urlencoded' : 'json'}): ${fieldList(schema)}`,
    );
  }
  if (op.graphql)
    lines.push(
      `      GraphQL: send { query, variables } with query = ${JSON.stringify(op.graphql.document.replace(/\s+/g, ' ').slice(0, 600))}`,
    );
  if (op.itemsPath !== undefined)
    lines.push(`      records at: ${op.itemsPath === '' ? 'the body (an array)' : op.itemsPath}`);
  if (op.pagination) lines.push(`      pagination: ${JSON.stringify(op.pagination)}`);
  if (op.since)
    lines.push(`      since: ${op.since.param} (${op.since.format}) filters on ${op.since.field}`);
  if (op.batch)
    lines.push(`      batch: up to ${op.batch.maxItems} records in "${op.batch.itemsField}"`);
  return lines;
}

/** `email (string, email), name* (string)`: required marked with *, nested one level. */
function fieldList(schema: TFieldSchema | undefined, depth = 0): string {
  const required = new Set(schema?.required ?? []);
  const parts = Object.entries(schema?.properties ?? {})
    .filter(([, field]) => !field.readOnly || depth === 0)
    .slice(0, 25)
    .map(([name, field]) => {
      const mark = required.has(name) ? '*' : '';
      const type = [
        field.type,
        field.format,
        field.enum ? `one of ${field.enum.slice(0, 8).join('|')}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const inner =
        depth < 2 && field.type === 'object' && field.properties
          ? ` { ${fieldList(field, depth + 1)} }`
          : depth < 2 && field.type === 'array' && field.items?.properties
            ? ` [{ ${fieldList(field.items, depth + 1)} }]`
            : '';
      return `${name}${mark} (${type})${inner}`;
    });
  return parts.join(', ') || '(none described)';
}

/** The system prompt section: both sides' relevant operations, or '' when neither is described. */
export function describeOperationsForPrompt(
  prompt: string,
  source: TApiDescription | undefined,
  destination: TApiDescription | undefined,
): string {
  const sides = [
    ...(source ? [compactSide('source', source, prompt)] : []),
    ...(destination ? [compactSide('destination', destination, prompt)] : []),
  ];
  if (sides.length === 0) return '';
  return [
    '## The APIs (from their descriptions)',
    "Call only these paths, with these fields; * marks required. Paths are relative to each connection's base URL; fill {name} parts from the prompt, and throw ctx.NonRetryableError naming what is missing when the prompt does not give one.",
    '',
    ...sides,
  ].join('\n');
}
