import { join } from 'node:path';
import { writeEntry, type EntryFacts } from './distill-openapi.ts';

// Distils catalog/entries/miro.json from Miro's own OpenAPI document (packages/generator/spec.json
// in the miroapp/api-clients repository, from which Miro builds its official clients), so the
// entry can be made again from the vendor's source instead of edited by hand.
//
// Run:  node catalog/scripts/distill-miro.ts <path to spec.json> [YYYY-MM-DD]

export const MIRO_ENTRY = join(import.meta.dirname, '..', 'entries', 'miro.json');

export const MIRO: EntryFacts = {
  documentUrl: 'https://github.com/miroapp/api-clients/blob/main/packages/generator/spec.json',
  kept: [
    'get-boards',
    'create-board',
    'get-specific-board',
    'update-board',
    'get-items',
    'get-specific-item',
    'create-sticky-note-item',
    'get-sticky-note-item',
    'update-sticky-note-item',
    'create-card-item',
    'get-card-item',
    'update-card-item',
  ],
  entry: {
    id: 'miro',
    name: 'Miro',
    aliases: ['miro board', 'miro whiteboard', 'realtimeboard', 'miro rest api'],
    category: 'project-management',
    docsUrl: 'https://developers.miro.com/reference/api-reference',
    auth: {
      schemes: [{ type: 'bearer' }],
      keyHelp:
        'Miro: Your apps → create an app, install it on a team, and copy the access token it shows (scopes boards:read, boards:write).',
    },
  },
};

if (import.meta.main) await writeEntry(MIRO_ENTRY, MIRO, process.argv.slice(2));
