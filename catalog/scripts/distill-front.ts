import { join } from 'node:path';
import type { TApiDescription, TParameter } from '@patchbay/schema';
import { writeEntry, type EntryFacts } from './distill-openapi.ts';

// Distils catalog/entries/front.json from Front's own OpenAPI document (core-api/core-api.json
// in the frontapp/front-api-specs repository), so the entry can be made again from the vendor's
// source instead of edited by hand.
//
// Run:  node catalog/scripts/distill-front.ts <path to core-api.json> [YYYY-MM-DD]

export const FRONT_ENTRY = join(import.meta.dirname, '..', 'entries', 'front.json');

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

/**
 * The query object `q` as the bracketed query parameters its reference page spells, because the
 * planner can only fill a named parameter (and "updated since" needs one).
 */
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

export const FRONT: EntryFacts = {
  documentUrl: 'https://github.com/frontapp/front-api-specs/blob/main/core-api/core-api.json',
  kept: [
    'list-conversations',
    'search-conversations',
    'get-conversation-by-id',
    'create-conversation',
    'update-conversation',
    'list-contacts',
    'get-contact',
    'create-contact',
    'update-a-contact',
    'list-conversation-messages',
    'create-message',
    'create-message-reply',
    'import-inbox-message',
    'list-conversation-comments',
    'add-comment',
    'list-tags',
    'create-tag',
    'add-conversation-tag',
    'list-inboxes',
    'list-inbox-conversations',
    'list-teammates',
    'get-teammate',
  ],
  entry: {
    id: 'front',
    name: 'Front',
    aliases: ['frontapp', 'front app', 'front inbox', 'front helpdesk', 'front core api'],
    category: 'support',
    docsUrl: 'https://dev.frontapp.com/reference/introduction',
    auth: {
      schemes: [{ type: 'bearer' }],
      keyHelp:
        'In Front: Settings → Developers → API tokens → Create API token, with the scopes (shared, private resources) the task needs.',
    },
  },
  adjust: spellQuery,
};

if (import.meta.main) await writeEntry(FRONT_ENTRY, FRONT, process.argv.slice(2));
