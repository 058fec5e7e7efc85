import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { ZApiDescription, type TApiDescription, type TParameter } from '@patchbay/schema';
import { importOpenApi } from '../src/import-openapi.ts';

// Distils catalog/entries/front.json from Front's own OpenAPI document (core-api/core-api.json
// in the frontapp/front-api-specs repository), through our importer, so the entry can be made
// again from the vendor's source instead of edited by hand. The whole document imports to
// ~540 KB over 36 resources; an entry keeps the resources integrations read and write.
//
// What comes from the document: every operation, parameter, record schema and paging rule of
// the kept resources. What is hand-set here: names, category, the reference URLs, and the
// query object `q` spelled as the bracketed parameters the reference documents, because the
// planner can only fill a named parameter (and "updated since" needs one).
//
// Run:  node catalog/scripts/distill-front.ts <path to core-api.json> [YYYY-MM-DD]

const DOCUMENT_SOURCE =
  'https://github.com/frontapp/front-api-specs/blob/main/core-api/core-api.json';
export const FRONT_ENTRY = join(import.meta.dirname, '..', 'entries', 'front.json');

/** The resources kept, and of each the operations (Front's operationIds) a sync task uses. */
const KEPT: Record<string, string[]> = {
  conversation: [
    'list-conversations',
    'search-conversations',
    'get-conversation-by-id',
    'create-conversation',
    'update-conversation',
  ],
  contact: ['list-contacts', 'get-contact', 'create-contact', 'update-a-contact'],
  message: [
    'list-conversation-messages',
    'create-message',
    'create-message-reply',
    'import-inbox-message',
  ],
  comment: ['list-conversation-comments', 'add-comment'],
  tag: ['list-tags', 'create-tag', 'add-conversation-tag'],
  inbox: ['list-inboxes', 'list-inbox-conversations'],
  teammate: ['list-teammates', 'get-teammate'],
};

/** Front's reference for the query object `q`. */
const Q_DOCS = 'https://dev.frontapp.com/docs/query-object-q';

function queryParam(name: string, type: 'string' | 'number', description: string): TParameter {
  return {
    name,
    in: 'query',
    required: false,
    schema: type === 'number' ? { type: 'number', format: 'unix-time' } : { type: 'string' },
    description,
  };
}

/** The `q` object as the bracketed query parameters its reference page spells. */
function spellQuery(description: TApiDescription): void {
  for (const resource of description.resources) {
    for (const operation of resource.operations) {
      const q = operation.params.find((p) => p.name === 'q' && p.in === 'query');
      if (!q) continue;
      const text = q.description ?? '';
      const rest = operation.params.filter((p) => p !== q);
      if (text.includes('updated_after')) {
        operation.params = [
          ...rest,
          queryParam(
            'q[updated_after]',
            'number',
            'Only records updated after this time, in seconds since the epoch.',
          ),
          queryParam(
            'q[updated_before]',
            'number',
            'Only records updated before this time, in seconds since the epoch.',
          ),
        ];
        if (operation.kind === 'list' && 'updated_at' in (resource.schema.properties ?? {})) {
          operation.since = { param: 'q[updated_after]', format: 'unix-time', field: 'updated_at' };
        }
      } else if (text.includes('statuses')) {
        operation.params = [
          ...rest,
          queryParam(
            'q[statuses][]',
            'string',
            'Repeat to keep conversations in these statuses: assigned, unassigned, archived or trashed.',
          ),
        ];
      }
      operation.docsUrl ??= Q_DOCS;
    }
  }
}

export async function distillFront(documentText: string, today: string): Promise<TApiDescription> {
  const { description } = await importOpenApi(documentText, { today });
  const resources = description.resources.flatMap((resource) => {
    const ids = KEPT[resource.name];
    if (!ids) return [];
    return [{ ...resource, operations: resource.operations.filter((o) => ids.includes(o.id)) }];
  });
  const found = new Set(resources.flatMap((r) => r.operations.map((o) => o.id)));
  const missing = Object.values(KEPT)
    .flat()
    .filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`Front's document no longer has: ${missing.join(', ')}`);
  const entry: TApiDescription = {
    ...description,
    id: 'front',
    name: 'Front',
    aliases: ['frontapp', 'front app', 'front inbox', 'front helpdesk', 'front core api'],
    category: 'support',
    docsUrl: 'https://dev.frontapp.com/reference/introduction',
    source: { kind: 'openapi', url: DOCUMENT_SOURCE, retrieved: today },
    auth: {
      schemes: [{ type: 'bearer' }],
      keyHelp:
        'In Front: Settings → Developers → API tokens → Create API token, with the scopes (shared, private resources) the task needs.',
    },
    resources,
  };
  spellQuery(entry);
  return ZApiDescription.parse(entry);
}

if (import.meta.main) {
  const [path, today = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
  if (!path) throw new Error('usage: node catalog/scripts/distill-front.ts <core-api.json> [date]');
  const entry = await distillFront(readFileSync(path, 'utf8'), today);
  // One line in, prettier out: small objects stay on one line, as in the hand-written entries.
  const options = await prettier.resolveConfig(FRONT_ENTRY);
  const text = await prettier.format(JSON.stringify(entry), { ...options, parser: 'json' });
  writeFileSync(FRONT_ENTRY, text);
  console.log(`wrote ${FRONT_ENTRY} (${text.length} bytes)`);
}
