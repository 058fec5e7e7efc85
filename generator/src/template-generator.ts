import {
  AUTH_TYPE_LABELS,
  DEFAULT_SCHEDULE,
  type TApiDescription,
  type TGenerateRequest,
} from '@patchbay/schema';
import type { GenerateOptions, GenerationResult, Generator } from './generator.ts';
import { compilePlan } from './compiler/compile-plan.ts';
import { missing, unaccountedRequests } from './planner/requirements.ts';
import { toGenerationPlan } from './planner/plan-document.ts';
import { planGrounded } from './planner/grounded-plan.ts';
import { writtenCalls } from './planner/written-calls.ts';
import { readWebhookTrigger, webhookTemplateCode } from './webhook-trigger.ts';
import { clean } from './reader/phrase.ts';
import { readPrompt, type FilterReading, type PromptReading } from './reader/read-prompt.ts';
import { describeMinutes, describeSchedule, readingSchedule } from './reader/read-schedule.ts';

// The template generator (ADR 013): used when no AI model is configured. It fills one fixed,
// commented template with what read-prompt.ts found in the description, so the same input always
// gives the same code. The header says which generator wrote the code, what it understood, what
// it ignored and what it assumed, because a user cannot otherwise tell a guess from a reading.

/** The sandbox allows 100 requests per run; pages and writes must fit in that together. */
const MAX_PAGES = 20;
const MAX_ITEMS_PER_RUN = 50;

const NEW_CURSOR_FIELDS = ['created_at', 'createdAt', 'created', 'inserted_at', 'id'];
const CHANGED_CURSOR_FIELDS = [
  'updated_at',
  'updatedAt',
  'updated',
  'modified_at',
  'modifiedAt',
  'last_modified',
  'created_at',
  'createdAt',
  'created',
];
const LIST_KEYS = ['data', 'items', 'results', 'records', 'entries', 'rows'];
const CURSOR_PLACEHOLDER = /^\{(cursor|since|last_?run|last_?sync|updated_since|created_since)\}$/i;

export function createTemplateGenerator(): Generator {
  return {
    kind: 'template',
    async generate(input: TGenerateRequest, options?: GenerateOptions) {
      return generateTemplateCode(input, options);
    },
  };
}

/**
 * Synchronous and pure: the same input gives the same code. With both sides' descriptions, and
 * every path written in the prompt one they describe, the code is grounded in them
 * (grounded-plan.ts, ADR 015); otherwise it is the pattern template, whose guessed paths are TODOs.
 */
export function generateTemplateCode(
  input: TGenerateRequest,
  descriptions: {
    source?: TApiDescription | undefined;
    destination?: TApiDescription | undefined;
  } = {},
): GenerationResult {
  // "when a customer cancels …" with a source that delivers that event by webhook.
  const webhook = readWebhookTrigger(input.userPrompt, descriptions.source);
  if (webhook) return webhookTemplateCode(input, webhook, descriptions.destination);
  const reading = readPrompt(input.userPrompt, input);
  const written =
    descriptions.source && descriptions.destination
      ? writtenCalls(reading, input, descriptions.source, descriptions.destination)
      : undefined;
  if (descriptions.source && descriptions.destination && written) {
    const source = descriptions.source;
    const destination = descriptions.destination;
    const plan = planGrounded(input, source, destination, written);
    const names = { source: input.sourceApiName, destination: input.destApiName };
    plan.unresolved.push(...unaccountedRequests(plan, input.userPrompt, names));
    // The code is compiled from the plan as it is stored, so what the Plan tab shows and edits
    // is exactly what this code came from.
    return compilePlan(input, toGenerationPlan(plan), { source, destination });
  }
  const unresolved = [...reading.notes, ...reading.notUnderstood];
  for (const [role, endpoint] of [
    ['source', reading.source],
    ['destination', reading.destination],
  ] as const) {
    if (endpoint?.guessed)
      unresolved.unshift(`${role} path ${endpoint.method} ${endpoint.path} is a guess`);
  }
  const result: GenerationResult = {
    code: render(input, reading),
    generator: 'template',
    unresolved,
    requirements: missing(unresolved),
    operations: [],
  };
  if (reading.schedule) result.schedule = readingSchedule(reading.schedule);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface Plan {
  source: { method: string; path: string; query: Array<[string, string]> };
  destination: { method: string; path: string };
  cursorFields?: string[];
  usesCursorInQuery: boolean;
  pathFields: string[];
  listKeys: string[];
}

function plan(reading: PromptReading): Plan {
  const source = reading.source ?? { method: 'GET', path: '/items', query: [] };
  const destination = reading.destination ?? { method: 'POST', path: '/items' };
  const query = source.query.map(([key, value]): [string, string] => [
    key,
    CURSOR_PLACEHOLDER.test(value) ? '{cursor}' : value,
  ]);
  const usesCursorInQuery = query.some(([, value]) => value === '{cursor}');
  const incremental = reading.incremental;
  let cursorFields: string[] | undefined;
  if (incremental?.field) cursorFields = [incremental.field];
  else if (incremental) {
    cursorFields = incremental.kind === 'changed' ? CHANGED_CURSOR_FIELDS : NEW_CURSOR_FIELDS;
  } else if (usesCursorInQuery) cursorFields = NEW_CURSOR_FIELDS;

  const resource = source.path
    .split('/')
    .filter((segment) => segment !== '' && !/[{}:]/.test(segment))
    .at(-1);
  const listKeys = [...LIST_KEYS];
  if (resource && /^[A-Za-z_][\w]*$/.test(resource) && !listKeys.includes(resource)) {
    listKeys.push(resource);
  }
  return {
    source: { method: source.method, path: source.path, query },
    destination: { method: destination.method, path: destination.path },
    ...(cursorFields ? { cursorFields } : {}),
    usesCursorInQuery,
    pathFields: [...destination.path.matchAll(/\{([\w.]+)\}|:([A-Za-z_][\w.]*)/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    ),
    listKeys,
  };
}

function render(input: TGenerateRequest, reading: PromptReading): string {
  const p = plan(reading);
  const sections = [
    header(input, reading, p),
    settings(reading, p),
    runFunction(reading, p),
    helpers(reading, p),
  ];
  return `${sections.join('\n\n')}\n`;
}

function header(input: TGenerateRequest, reading: PromptReading, p: Plan): string {
  const understood: string[] = [];
  const { schedule, source, destination, incremental, batch } = reading;
  if (schedule) {
    understood.push(
      `Schedule: ${describeSchedule(readingSchedule(schedule))} ("${schedule.phrase}"), returned ` +
        `as the integration's schedule${schedule.note ? `; ${schedule.note}` : ''}.`,
    );
  }
  if (source && !source.guessed) {
    understood.push(
      `Read: ${source.method} ${source.path} on ${input.sourceApiName}, every page ("${source.phrase}")` +
        `${source.assumption ? `; ${source.assumption}` : ''}.`,
    );
  }
  if (destination && !destination.guessed) {
    const how = batch ? 'the items' : 'each item';
    understood.push(
      `Write: ${destination.method} ${how} to ${destination.path} on ${input.destApiName} ` +
        `("${destination.phrase}")${destination.assumption ? `; ${destination.assumption}` : ''}.`,
    );
  }
  if (incremental && p.cursorFields) {
    understood.push(
      `Only ${incremental.kind} items ("${incremental.phrase}"): a cursor on ` +
        `${orList(p.cursorFields)}${p.cursorFields.length > 1 ? ' (the first the items have)' : ''}, ` +
        'kept in ctx.state.',
    );
  }
  if (!incremental && p.usesCursorInQuery && p.cursorFields) {
    understood.push(
      `Only new items: '{cursor}' in the source query ("${source?.phrase ?? ''}") becomes a ` +
        `cursor on ${orList(p.cursorFields)} (the first the items have), kept in ctx.state.`,
    );
  }
  if (reading.mappings.length > 0) {
    understood.push(
      `Fields: ${reading.mappings.map((m) => `${m.from} → ${m.to}`).join(', ')} ` +
        `(${reading.mappings.map((m) => `"${m.phrase}"`).join(', ')}).`,
    );
  }
  for (const filter of reading.filters) {
    understood.push(`Only items where ${describeFilter(filter)} ("${filter.phrase}").`);
  }
  if (batch) {
    understood.push(
      `${batch.size === 'all' ? 'All items in one request' : `Batches of ${batch.size} items`} ` +
        `("${batch.phrase}").`,
    );
  }

  const assumptions: string[] = [];
  for (const [role, endpoint, api] of [
    ['Source', source, input.sourceApiName],
    ['Destination', destination, input.destApiName],
  ] as const) {
    if (endpoint?.guessed) {
      assumptions.push(
        `TODO ${role} path: ${endpoint.method} ${endpoint.path} on ${api} is a guess ` +
          `(${endpoint.assumption ?? 'no path was given'}). Name the path in the description, ` +
          `e.g. "${role === 'Source' ? 'GET /v1/customers' : 'POST /contacts'}", or edit ` +
          `${role === 'Source' ? 'SOURCE' : 'DESTINATION'} below.`,
      );
    }
  }
  if (!schedule) {
    assumptions.push(
      `No schedule in the description: the integration keeps its schedule (default every ` +
        `${describeMinutes(DEFAULT_SCHEDULE.everyMinutes)}).`,
    );
  }
  assumptions.push(
    `The source answers with a JSON list: an array, or an object with the list under ` +
      `${orList(p.listKeys)}; an object without a list is one item. Pages are followed ` +
      'through has_more, next links, next cursors or tokens, and page or offset counters.',
  );
  if (p.cursorFields) {
    assumptions.push(
      p.usesCursorInQuery
        ? 'The source filters by the cursor itself ({cursor} in SOURCE.query); new items are ' +
            'still checked against the cursor here.'
        : 'The whole list is read on every run and compared with the cursor here. If the ' +
            "source can filter by date, put the parameter in SOURCE.query with '{cursor}' as " +
            'its value.',
      `The first run sends every item it finds, oldest first, at most ${MAX_ITEMS_PER_RUN} per ` +
        'run; the rest follow in the next runs.',
    );
  } else {
    assumptions.push(
      'No "new" or "changed" in the description: every run sends every item again. A run may ' +
        'make 100 requests, so a long list needs a cursor (say "new" or "changed items").',
    );
  }
  if (p.cursorFields && reading.filters.length > 0) {
    assumptions.push(
      'Items that fail the conditions still move the cursor on, so they are not looked at again ' +
        'unless they change.',
    );
  }
  if (reading.mappings.length > 0) {
    assumptions.push('Only the mapped fields are sent; fields an item lacks are left out.');
  } else {
    assumptions.push(
      'No field mapping in the description: items are sent as the source returns them.',
    );
  }
  if (!batch) {
    assumptions.push(
      'A 409 Conflict from the destination means the item is there already (a retried run can ' +
        'send an item twice): it is counted as skipped.',
    );
  }
  assumptions.push(
    `Credentials: Patchbay adds them (${AUTH_TYPE_LABELS[input.sourceAuthType]} for ` +
      `${input.sourceApiName}, ${AUTH_TYPE_LABELS[input.destAuthType]} for ${input.destApiName}).`,
  );

  const notUnderstood = [...reading.notes, ...reading.notUnderstood];
  return [
    "// Generated by Patchbay's template generator (no AI model configured).",
    '// It matches a few patterns in the description (schedules, endpoint paths, field mappings,',
    '// "new" or "changed" items) and fills in a fixed template; it does not understand free text',
    '// the way an AI model would. Review the code before you deploy it.',
    // Words for the user; the operator's instruction is in the docs (Self-hosting).
    '// This server has no AI model configured.',
    '//',
    `// Source:      ${clean(input.sourceApiName)}, ${clean(input.sourceApiUrl)}`,
    `// Destination: ${clean(input.destApiName)}, ${clean(input.destApiUrl)}`,
    '//',
    ...wrap('Description: ', quoteAll(input.userPrompt)),
    '//',
    '// Understood:',
    ...(understood.length > 0 ? understood : ['nothing it could use.']).flatMap((line) =>
      wrap('- ', line),
    ),
    '//',
    '// Not understood, so not in the code:',
    ...(notUnderstood.length > 0 ? notUnderstood : ['nothing left over.']).flatMap((line) =>
      wrap('- ', line),
    ),
    '//',
    '// Assumptions:',
    ...assumptions.flatMap((line) => wrap('- ', line)),
  ].join('\n');
}

function settings(reading: PromptReading, p: Plan): string {
  const out: string[] = [
    '// Settings: edit these to change what the integration does.',
    '',
    `// Read: ${p.source.method} ${p.source.path} on the source API, page after page.`,
    ...(p.cursorFields ? ["// '{cursor}' as a query value is replaced by the saved cursor."] : []),
    'const SOURCE = {',
    `  method: ${str(p.source.method)},`,
    `  path: ${str(p.source.path)},${reading.source?.guessed ? ' // TODO: a guess, check it' : ''}`,
    `  query: ${object(p.source.query)},`,
    '};',
    '',
  ];
  out.push(
    reading.batch
      ? `// Write: ${p.destination.method} the items as a JSON array to this path on the destination API.`
      : `// Write: one ${p.destination.method} per item to this path on the destination API.`,
    ...(p.pathFields.length > 0
      ? ["// '{field}' in the path is replaced by that field of the item."]
      : []),
    'const DESTINATION = {',
    `  method: ${str(p.destination.method)},`,
    `  path: ${str(p.destination.path)},${reading.destination?.guessed ? ' // TODO: a guess, check it' : ''}`,
    '};',
  );
  if (reading.mappings.length > 0) {
    out.push(
      '',
      '// Destination field: source field. Only these fields are sent; a dotted name such as',
      "// 'address.city' reaches into nested objects.",
      'const FIELD_MAP = {',
      ...reading.mappings.map((m) => `  ${key(m.to)}: ${str(m.from)},`),
      '};',
    );
  }
  if (reading.filters.length > 0) {
    out.push(
      '',
      '// Only items that pass every condition are sent.',
      ...arrayLiteral(
        'const FILTERS = ',
        reading.filters.map(
          (f) =>
            `{ field: ${str(f.field)}, operator: '${f.operator}', value: ${literal(f.value)} }`,
        ),
        false,
      ),
    );
  }
  if (p.cursorFields) {
    out.push(
      '',
      '// The cursor: the highest value of the first of these fields the items have. It is saved',
      '// in ctx.state when a run succeeds, so the next run sends only what came after it.',
      ...arrayLiteral('const CURSOR_FIELDS = ', p.cursorFields),
      "const STATE_KEY = 'cursor';",
      `// With the pages, this keeps a run within the sandbox's 100 requests; the rest waits.`,
      `const MAX_ITEMS_PER_RUN = ${MAX_ITEMS_PER_RUN};`,
    );
  }
  if (reading.batch) {
    out.push(
      '',
      reading.batch.size === 'all' ? '// Every item goes in one request.' : '// Items per request.',
      `const BATCH_SIZE = ${reading.batch.size === 'all' ? 'Infinity' : reading.batch.size};`,
    );
  }
  out.push(
    '',
    '// Where the list is in a response that is not an array.',
    ...arrayLiteral('const LIST_KEYS = ', p.listKeys),
    '// Keys that mark a response as one page of a longer list.',
    "const PAGE_KEYS = ['has_more', 'next', 'next_cursor', 'nextPageToken', 'page', 'offset', 'paging'];",
    `const MAX_PAGES = ${MAX_PAGES};`,
  );
  return out.join('\n');
}

function runFunction(reading: PromptReading, p: Plan): string {
  const transform = reading.mappings.length > 0 ? 'toDestination' : null;
  const filter = reading.filters.length > 0;
  const out: string[] = [
    '/** @param {IntegrationContext} ctx */',
    'export default async function run(ctx) {',
  ];
  if (p.cursorFields) {
    out.push(
      '  const saved = await ctx.state.get(STATE_KEY);',
      `  const { items, pages } = await readAllPages(ctx${p.usesCursorInQuery ? ', saved' : ''});`,
      '',
      '  const field =',
      '    saved?.field ??',
      '    CURSOR_FIELDS.find((name) => items.some((item) => getField(item, name) != null));',
      '  if (items.length > 0 && !field) {',
      '    throw new ctx.NonRetryableError(',
      "      `The items have none of the cursor fields ${CURSOR_FIELDS.join(', ')}: edit CURSOR_FIELDS`,",
      '    );',
      '  }',
      '  const fresh = field ? newItems(items, field, saved) : [];',
      '  const thisRun = fresh.slice(0, MAX_ITEMS_PER_RUN);',
      `  const selected = ${filter ? 'thisRun.filter(passesFilters)' : 'thisRun'};`,
    );
  } else {
    out.push(
      '  const { items, pages } = await readAllPages(ctx);',
      `  const selected = ${filter ? 'items.filter(passesFilters)' : 'items'};`,
    );
  }
  out.push('', '  let sent = 0;');
  if (reading.batch) {
    out.push(
      '  for (let start = 0; start < selected.length; start += BATCH_SIZE) {',
      `    const batch = selected.slice(start, start + BATCH_SIZE)${transform ? `.map(${transform})` : ''};`,
      '    await ctx.destination.request(DESTINATION.method, DESTINATION.path, { json: batch });',
      '    sent += batch.length;',
      '  }',
      '  const skipped = 0;',
    );
  } else {
    out.push(
      '  let skipped = 0;',
      '  for (const item of selected) {',
      "    if ((await sendItem(ctx, item)) === 'sent') sent += 1;",
      '    else skipped += 1;',
      '  }',
    );
  }
  out.push('');
  if (p.cursorFields) {
    out.push(
      '  const cursor = advanceCursor(saved, field, thisRun);',
      '  if (cursor) await ctx.state.set(STATE_KEY, cursor);',
      '  const waiting = fresh.length - thisRun.length;',
      '  ctx.log(',
      `    \`read \${items.length} items in \${pages} page(s); \${fresh.length} ${reading.incremental?.kind ?? 'new'}; \` +`,
      "      `sent ${sent}, skipped ${skipped}${waiting > 0 ? `, ${waiting} left for the next run` : ''}`,",
      '  );',
      '  return {',
      '    fetched: items.length,',
      `    ${reading.incremental?.kind === 'changed' ? 'changed' : 'new'}: fresh.length,`,
      '    sent,',
      '    skipped,',
      '    cursor: cursor?.value ?? saved?.value ?? null,',
      '  };',
    );
  } else {
    out.push(
      '  ctx.log(`read ${items.length} items in ${pages} page(s); sent ${sent}, skipped ${skipped}`);',
      '  return { fetched: items.length, sent, skipped };',
    );
  }
  out.push('}');
  return out.join('\n');
}

function helpers(reading: PromptReading, p: Plan): string {
  const blocks: string[] = [];
  const query = p.usesCursorInQuery ? 'withCursor(SOURCE.query, saved)' : 'SOURCE.query';
  blocks.push(`// Reads the source list page after page, up to MAX_PAGES.
async function readAllPages(ctx${p.usesCursorInQuery ? ', saved' : ''}) {
  const items = [];
  let query = ${query};
  for (let pages = 1; ; pages += 1) {
    const body = await ctx.source.request(SOURCE.method, SOURCE.path, { query });
    const list = listFrom(body);
    items.push(...list);
    const next = nextPageQuery(body, list, query);
    if (!next) return { items, pages };
    if (pages === MAX_PAGES) {
      ctx.log(\`stopped after \${MAX_PAGES} pages; raise MAX_PAGES to read further\`);
      return { items, pages };
    }
    query = next;
  }
}`);
  if (p.usesCursorInQuery) {
    blocks.push(`// SOURCE.query with '{cursor}' replaced by the saved cursor (left out before the first run).
function withCursor(query, saved) {
  const cursor = saved?.value ?? null;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, value === '{cursor}' ? cursor : value]),
  );
}`);
  }
  blocks.push(`// The items in one response: an array, an array under one of LIST_KEYS, or the only array in
// a page of results. Any other object is a single item (a report, a status).
function listFrom(body) {
  if (body === null) return [];
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object') {
    throw new Error(
      \`\${SOURCE.method} \${SOURCE.path} did not answer with JSON: \${String(body).slice(0, 100)}\`,
    );
  }
  for (const key of LIST_KEYS) {
    if (Array.isArray(body[key])) return body[key];
  }
  const arrays = Object.values(body).filter(Array.isArray);
  if (arrays.length === 1 && PAGE_KEYS.some((key) => key in body)) return arrays[0];
  return [body];
}`);
  blocks.push(`// The query for the next page, or null after the last one. Recognises Stripe's has_more,
// next links (their query string is reused on SOURCE.path), cursor tokens, and page or offset
// counters.
function nextPageQuery(body, list, query) {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || list.length === 0) {
    return null;
  }
  let next = null;
  const link = [
    body.next,
    body.next_page_url,
    body.links?.next,
    body.paging?.next?.link,
    body._links?.next?.href,
  ].find((value) => typeof value === 'string' && value.includes('?'));
  const token = [
    [body.nextPageToken, 'pageToken'], // Google
    [body.next_page_token, 'page_token'],
    [body.paging?.next?.after, 'after'], // HubSpot
    [body.response_metadata?.next_cursor, 'cursor'], // Slack
    [body.next_cursor ?? body.nextCursor, 'cursor'],
    [body.meta?.next_cursor ?? body.pagination?.next_cursor, 'cursor'],
    [typeof body.next === 'string' && !body.next.includes('/') ? body.next : undefined, 'cursor'],
  ].find(([value]) => value !== undefined && value !== null && value !== '');
  const page = body.page ?? body.current_page ?? body.meta?.current_page;
  const lastPage = body.total_pages ?? body.totalPages ?? body.last_page ?? body.meta?.last_page;

  if (body.has_more === true && list.at(-1)?.id !== undefined) {
    next = { ...query, starting_after: list.at(-1).id }; // Stripe
  } else if (body.has_more === false) {
    return null;
  } else if (link) {
    next = { ...query, ...queryOf(link) };
  } else if (token) {
    next = { ...query, [token[1]]: token[0] };
  } else if (typeof page === 'number' && typeof lastPage === 'number' && page < lastPage) {
    next = { ...query, page: page + 1 };
  } else if (typeof body.offset === 'number' && typeof body.total === 'number') {
    const offset = body.offset + list.length;
    if (offset < body.total) next = { ...query, offset };
  }
  // A server that answers with the same page again would loop forever.
  return next && JSON.stringify(next) !== JSON.stringify(query) ? next : null;
}

// The query parameters of a link such as 'https://api.example.com/items?page=2'.
function queryOf(link) {
  const query = {};
  const search = link.split('#')[0].split('?')[1] ?? '';
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const [name, value = ''] = pair.split('=');
    query[decode(name)] = decode(value);
  }
  return query;
}

function decode(text) {
  return decodeURIComponent(text.replace(/\\+/g, ' '));
}`);
  if (!reading.batch) {
    const fill =
      p.pathFields.length > 0
        ? `  const path = fillPath(DESTINATION.path, item);
  if (path === null) {
    ctx.log(\`skipped an item without the fields \${DESTINATION.path} needs\`);
    return 'skipped';
  }
`
        : '';
    const path = p.pathFields.length > 0 ? 'path' : 'DESTINATION.path';
    const body = reading.mappings.length > 0 ? 'toDestination(item)' : 'item';
    const oneLine = `    await ctx.destination.request(DESTINATION.method, ${path}, { json: ${body} });`;
    const call =
      oneLine.length <= WIDTH
        ? oneLine
        : `    await ctx.destination.request(DESTINATION.method, ${path}, {\n      json: ${body},\n    });`;
    blocks.push(`// Sends one item. A 409 Conflict means the destination has it already, e.g. from a retried
// run, so it counts as skipped instead of failing the run.
async function sendItem(ctx, item) {
${fill}  try {
${call}
    return 'sent';
  } catch (error) {
    if (error?.status === 409) return 'skipped';
    throw error;
  }
}`);
  }
  if (p.pathFields.length > 0) {
    blocks.push(`// DESTINATION.path with each '{field}' (or ':field') replaced by the item's value, or null when
// the item lacks one.
function fillPath(template, item) {
  let missing = false;
  const path = template.replace(/\\{([\\w.]+)\\}|:([A-Za-z_][\\w.]*)/g, (_, braced, colon) => {
    const value = getField(item, braced ?? colon);
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value));
  });
  return missing ? null : path;
}`);
  }
  if (reading.mappings.length > 0) {
    const nested = reading.mappings.some((m) => m.to.includes('.'));
    blocks.push(`// The body for the destination: FIELD_MAP applied to one item.
function toDestination(item) {
  const body = {};
  for (const [to, from] of Object.entries(FIELD_MAP)) {
    const value = getField(item, from);
    if (value !== undefined) ${nested ? 'setField(body, to, value)' : 'body[to] = value'};
  }
  return body;
}`);
    if (nested) {
      blocks.push(`// Sets a dotted field ('contact.email'), creating the objects on the way.
function setField(target, name, value) {
  const keys = name.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)] = value;
}`);
    }
  }
  if (reading.filters.length > 0) {
    blocks.push(`// Whether an item passes every condition in FILTERS. Values compare as text, so 42 equals '42'.
function passesFilters(item) {
  return FILTERS.every((filter) => {
    const same = String(getField(item, filter.field) ?? null) === String(filter.value);
    return filter.operator === 'equals' ? same : !same;
  });
}`);
  }
  if (p.cursorFields) {
    blocks.push(`// Items after the saved cursor, oldest first. Several items can share a timestamp, so an item
// at exactly the cursor's value is new unless its id was sent already.
function newItems(items, field, saved) {
  return items
    .filter((item) => getField(item, field) != null)
    .filter((item) => {
      if (!saved) return true;
      const order = compare(getField(item, field), saved.value);
      return order > 0 || (order === 0 && !saved.ids.includes(idOf(item)));
    })
    .sort((a, b) => compare(getField(a, field), getField(b, field)));
}

// The cursor after this run: the highest value handled and the ids that carry it. Null when
// nothing was handled, so the saved cursor stays as it is.
function advanceCursor(saved, field, handled) {
  if (handled.length === 0) return null;
  const value = getField(handled.at(-1), field);
  const ids = handled.filter((item) => compare(getField(item, field), value) === 0).map(idOf);
  const earlier = saved && compare(saved.value, value) === 0 ? saved.ids : [];
  return { field, value, ids: [...new Set([...earlier, ...ids])] };
}

// An item's identity: its id when it has one.
function idOf(item) {
  return String(item.id ?? item.uuid ?? item.key ?? JSON.stringify(item));
}

// Orders cursor values: numbers (and numeric text) as numbers, ISO dates by time, other text
// alphabetically.
function compare(a, b) {
  const x = sortable(a);
  const y = sortable(b);
  const [left, right] = typeof x === typeof y ? [x, y] : [String(x), String(y)];
  return left < right ? -1 : left > right ? 1 : 0;
}

function sortable(value) {
  if (typeof value === 'number') return value;
  const text = String(value);
  if (/^-?\\d+(\\.\\d+)?$/.test(text)) return Number(text);
  const time = /^\\d{4}-\\d{2}-\\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? text : time;
}`);
  }
  const needsGetField =
    reading.mappings.length > 0 ||
    reading.filters.length > 0 ||
    p.cursorFields ||
    p.pathFields.length > 0;
  if (needsGetField) {
    blocks.push(`// A field of an item; a dotted name ('address.city') reaches into nested objects.
function getField(item, name) {
  return name.split('.').reduce((value, key) => (value == null ? undefined : value[key]), item);
}`);
  }
  return blocks.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Small text helpers

const WIDTH = 100;

/** A comment paragraph: `first` before the first line, the rest indented to match. */
function wrap(first: string, text: string): string[] {
  // Whatever the text holds (a line break in an API name...), it stays inside the comment.
  const words = text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').split(' ');
  const lines: string[] = [];
  let line = `// ${first}`;
  const indent = `// ${' '.repeat(first.length)}`;
  for (const word of words.filter(Boolean)) {
    if (line.length + word.length + 1 > WIDTH && line.trim() !== '//' && line !== `// ${first}`) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += line.endsWith(' ') ? word : ` ${word}`;
  }
  lines.push(line.trimEnd());
  return lines;
}

function quoteAll(text: string): string {
  return `"${text.replace(/\s+/g, ' ').trim()}"`;
}

function orList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function describeFilter(filter: FilterReading): string {
  return `${filter.field} ${filter.operator === 'equals' ? 'is' : 'is not'} ${JSON.stringify(filter.value)}`;
}

/** A JavaScript string literal in single quotes. */
function str(value: string): string {
  const json = JSON.stringify(value)
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${json}'`;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : str(name);
}

function literal(value: string | number | boolean | null): string {
  return typeof value === 'string' ? str(value) : String(value);
}

/** `const X = [...];` on one line, or one item per line when that is too long (as Prettier does). */
function arrayLiteral(head: string, items: string[], quote = true): string[] {
  const shown = quote ? items.map(str) : items;
  const oneLine = `${head}[${shown.join(', ')}];`;
  if (oneLine.length <= WIDTH) return [oneLine];
  return [`${head}[`, ...shown.map((item) => `  ${item},`), '];'];
}

function object(entries: Array<[string, string]>): string {
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([name, value]) => `${key(name)}: ${str(value)}`).join(', ')} }`;
}
