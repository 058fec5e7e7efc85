import { join } from 'node:path';
import type { TApiDescription, TFieldSchema, TOperation, TParameter } from '@patchbay/schema';
import { writeEntry, type EntryFacts } from './distill-openapi.ts';

// Distils catalog/entries/webflow.json from Webflow's own OpenAPI document for the Data API v2
// (openapi/v2.yml in the webflow/openapi-spec repository), so the entry can be made again from
// the vendor's source instead of edited by hand. The directory's `webflow-com` document is
// another vendor's API, so without this entry "Webflow" resolved to the wrong one.
//
// Run:  node catalog/scripts/distill-webflow.ts <path to v2.yml> [YYYY-MM-DD]

export const WEBFLOW_ENTRY = join(import.meta.dirname, '..', 'entries', 'webflow.json');

export const WEBFLOW: EntryFacts = {
  documentUrl:
    'https://github.com/webflow/openapi-spec/blob/e91cb4e657082c0be01fa4fae768b34643426854/openapi/v2.yml',
  kept: [
    'list-sites',
    'get-site',
    'list-forms',
    'list-submissions',
    'list-submissions-by-site',
    'get-form-submission',
    'list-collections',
    'collection-details',
    'list-collection-items',
    'list-collection-items-live',
    'Get-Item',
    'create-item',
    'update-item',
    'publish-item',
  ],
  entry: {
    id: 'webflow',
    name: 'Webflow',
    aliases: ['webflow cms', 'webflow data api', 'webflow forms', 'webflow api v2'],
    category: 'other',
    docsUrl: 'https://developers.webflow.com/data/reference/rest-introduction',
    baseUrl: 'https://api.webflow.com/v2',
    hosts: ['api.webflow.com'],
    auth: {
      schemes: [
        { type: 'bearer' },
        {
          type: 'oauth',
          grants: ['authorization_code'],
          authorizeUrl: 'https://webflow.com/oauth/authorize',
          tokenUrl: 'https://api.webflow.com/oauth/token',
          scopes: ['sites:read', 'forms:read', 'cms:read', 'cms:write'],
        },
      ],
      keyHelp:
        'Webflow → Site settings → Apps & integrations → API access: generate a site token with the read (and write) scopes the sync needs; it is sent as a bearer token.',
    },
    rateLimit: {
      limitHeader: 'X-RateLimit-Limit',
      remainingHeader: 'X-RateLimit-Remaining',
      retryAfter: true,
      note: '60 requests per minute per key on Starter and Basic site plans, 120 on CMS, eCommerce and Business; 429 with Retry-After.',
    },
  },
};

/** Webflow's reference pages, where its document links to them. */
const REFERENCE = 'https://developers.webflow.com/data/reference';
const DOCS: Record<string, string> = {
  'list-forms': `${REFERENCE}/forms/forms/list`,
  'list-submissions': `${REFERENCE}/forms/form-submissions/list-submissions`,
  'list-submissions-by-site': `${REFERENCE}/forms/form-submissions/list-submissions-by-site`,
  'create-item': `${REFERENCE}/cms/collection-items/staged-items/create-items`,
};

/** Where the importer's one-line summaries miss what decides a call. */
const SUMMARIES: Record<string, string> = {
  'list-collection-items':
    "A collection's staged items: drafts and unpublished changes included. The /live list has only what the site shows.",
  'list-collection-items-live': "A collection's published items, as the live site shows them.",
  'create-item':
    'Create a staged item; it goes live when published (publish-item), or create it through /items/live.',
  'list-submissions-by-site':
    "Every form submission of a site; elementId (a form's formElementId) keeps one form's, across the component instances it is used in.",
};

/** The operations' ids as the catalog spells them: the document repeats one and capitalises one. */
const RENAMED: Record<string, string> = {
  'list-submissions_2': 'list-site-form-submissions',
  'Get-Item': 'get-item',
};

const SUBMISSION_OPERATIONS = [
  'list-submissions',
  'list-submissions-by-site',
  'list-site-form-submissions',
  'get-form-submission',
];

/** An object filter (`lastUpdated: { gte, lte }`, deepObject) as the bracketed parameters sent. */
function spellDeepObject(operation: TOperation, name: string, what: string): void {
  const at = operation.params.findIndex((p) => p.name === name && p.in === 'query');
  if (at === -1) return;
  const bound = (op: 'gte' | 'lte', when: string): TParameter => ({
    name: `${name}[${op}]`,
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: `Items ${what} ${when} this time.`,
  });
  operation.params.splice(at, 1, bound('gte', 'at or after'), bound('lte', 'at or before'));
}

/**
 * What the importer cannot know: it files form submissions under forms (their list is under a
 * form's path) and takes the submission schema for the form's, the paging limit is in prose,
 * and an item's fields sit in `fieldData`.
 */
function adjust(entry: TApiDescription): void {
  for (const operation of entry.resources.flatMap((r) => r.operations)) {
    operation.id = RENAMED[operation.id] ?? operation.id;
    operation.summary = SUMMARIES[operation.id] ?? operation.summary;
    const docs = DOCS[operation.id];
    if (docs) operation.docsUrl = docs;
    // "Maximum number of records to be returned (max limit: 100)", on every offset list.
    if (operation.pagination?.style === 'offset') operation.pagination.maxLimit = 100;
  }

  const form = entry.resources.find((r) => r.name === 'form')!;
  const listForms = form.operations.find((o) => o.id === 'list-forms')!;
  const submissionList = form.operations.find((o) => o.id === 'list-submissions')!;
  const itemSchema = (list: TOperation, path: string): TFieldSchema =>
    list.response!.properties![path]!.items!;
  const submissionSchema = itemSchema(submissionList, 'formSubmissions');
  form.schema = itemSchema(listForms, 'forms');
  form.createdField = 'createdOn';
  form.updatedField = 'lastUpdated';
  const submissionOperations = SUBMISSION_OPERATIONS.map((id) =>
    form.operations.find((o) => o.id === id)!,
  );
  form.operations = form.operations.filter((o) => !SUBMISSION_OPERATIONS.includes(o.id));
  entry.resources.push({
    name: 'form submission',
    plural: 'form submissions',
    aliases: ['submission', 'form response', 'form entry', 'lead', 'contact form entry'],
    idField: 'id',
    createdField: 'dateSubmitted',
    schema: submissionSchema,
    // The document's own example of a submission.
    example: {
      id: '6321ca84df3949bfc6752327',
      formId: '6321ca84df3949bfc6752327',
      displayName: 'Sample Form',
      siteId: '62749158efef318abc8d5a0f',
      workspaceId: '62749158efef318abc8d5a0f',
      formResponse: { 'First Name': 'Arthur', 'Last Name': 'Dent' },
      dateSubmitted: '2022-09-14T12:35:16.117Z',
      localeId: null,
    },
    operations: submissionOperations,
  });

  const item = entry.resources.find((r) => r.name === 'item')!;
  item.name = 'collection item';
  item.plural = 'collection items';
  item.aliases = ['item', 'cms item', 'blog post', 'post', 'entry', 'record'];
  item.updatedField = 'lastUpdated';
  item.container = { field: 'fieldData', kind: 'object' };
  for (const operation of item.operations) {
    spellDeepObject(operation, 'lastUpdated', 'last updated');
    spellDeepObject(operation, 'createdOn', 'created');
    spellDeepObject(operation, 'lastPublished', 'last published');
    if (operation.kind === 'list')
      operation.since = { param: 'lastUpdated[gte]', format: 'date-time', field: 'lastUpdated' };
    if (operation.id === 'publish-item') operation.kind = 'update';
  }
}

WEBFLOW.adjust = adjust;

if (import.meta.main) await writeEntry(WEBFLOW_ENTRY, WEBFLOW, process.argv.slice(2));
