import type { MockRecord, MockRequest } from '../test-support/description-mock-server.ts';

// The generation benchmark's tasks (issue 15 §7): what a user asks for in their own words, the
// records the source API holds, and what the destination must hold afterwards. Prompts were
// written first, the way people type them, and the expectations from what the prompt means, not
// from what any generator does. A checker returns the problems it finds; none means correct.
//
// Sides are catalog entries, or in-house APIs known only from an OpenAPI document in
// generation-openapi/ (imported with the catalog's importer by generation-harness.ts).

/** A catalog entry's id, or an OpenAPI document in generation-openapi/. */
export type ApiRef = { catalog: string } | { openapi: string };

export interface TaskClock {
  /** When the run happens (its scheduledAt); seeds with dates are relative to it. */
  now: Date;
}

/** What a checker sees of the destination after one run. */
export interface DestinationView {
  /** Records the run wrote to a resource (creates, upserts, sends, batch items), in order. */
  written(resource: string): MockRecord[];
  /** Records the resource holds now: seeded ones and every write so far. */
  records(resource: string): MockRecord[];
  /** The run's accepted write requests (not GETs), as the mock received them. */
  writeRequests: MockRequest[];
}

export type Checker = (destination: DestinationView, clock: TaskClock) => string[];

export interface GenerationTask {
  id: string;
  prompt: string;
  source: ApiRef;
  destination: ApiRef;
  /** Records per source resource. */
  seed: (clock: TaskClock) => Record<string, MockRecord[]>;
  /** Records the destination already holds (for "skip ones already there"). */
  destinationSeed?: (clock: TaskClock) => Record<string, MockRecord[]>;
  /** Records per page the source serves (default 2, so that paging is exercised). */
  pageSize?: number;
  /** The destination after the first (test) run. */
  expect: Checker;
  /**
   * Incremental tasks: a later deployed run with the committed state, after these records were
   * added to the source; `expect` sees only that run's writes.
   */
  later?: { seed: (clock: TaskClock) => Record<string, MockRecord[]>; expect: Checker };
}

// ── Helpers for seeds and checkers ──────────────────────────────────────────────────────────

const DAY = 86_400_000;

function iso(clock: TaskClock, offsetMs: number): string {
  return new Date(clock.now.getTime() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
const daysAgo = (clock: TaskClock, days: number) => iso(clock, -days * DAY);
const minutesAgo = (clock: TaskClock, minutes: number) => iso(clock, -minutes * 60_000);
const unixDaysAgo = (clock: TaskClock, days: number) =>
  Math.floor((clock.now.getTime() - days * DAY) / 1000);
const dateOnly = (clock: TaskClock, days: number) =>
  new Date(clock.now.getTime() + days * DAY).toISOString().slice(0, 10);

function get(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node == null ? undefined : (node as MockRecord)[key]), value);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Everything a chat message shows: its text, blocks, embeds or HTML body. */
function messageText(message: MockRecord): string {
  return [
    message.text,
    message.content,
    message.Body,
    message.blocks,
    message.embeds,
    message.body,
    message.attachments,
  ]
    .map(text)
    .join(' ');
}

/** A Notion property's plain value, whatever its type (title, rich_text, number, select…). */
export function notionValue(property: unknown): unknown {
  if (!property || typeof property !== 'object') return property;
  const p = property as MockRecord;
  for (const key of ['title', 'rich_text']) {
    if (Array.isArray(p[key]))
      return (p[key] as MockRecord[])
        .map((part) => text(get(part, 'text.content') ?? part.plain_text))
        .join('');
  }
  for (const key of ['number', 'email', 'url', 'phone_number', 'checkbox'])
    if (p[key] !== undefined) return p[key];
  for (const key of ['select', 'status']) if (p[key]) return get(p[key], 'name');
  if (p.date) return get(p.date, 'start');
  return undefined;
}

/**
 * Compares what was written with what was expected, by a key each has: every expected record
 * exactly once, nothing else; then `fields` checks each matched pair.
 */
function sameRecords<E>(
  label: string,
  actual: MockRecord[],
  expected: E[],
  keys: { actual: (record: MockRecord) => unknown; expected: (item: E) => string },
  fields?: (record: MockRecord, item: E) => string[],
): string[] {
  const problems: string[] = [];
  if (expected.length === 0) throw new Error(`${label}: a task must expect at least one record`);
  const byKey = new Map<string, MockRecord[]>();
  for (const record of actual) {
    const key = text(keys.actual(record));
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  const wanted = new Set(expected.map(keys.expected));
  for (const item of expected) {
    const key = keys.expected(item);
    const found = byKey.get(key) ?? [];
    if (found.length === 0) problems.push(`${label} ${key}: missing`);
    else if (found.length > 1) problems.push(`${label} ${key}: written ${found.length} times`);
    else if (fields)
      problems.push(...fields(found[0] as MockRecord, item).map((p) => `${label} ${key}: ${p}`));
  }
  for (const [key, records] of byKey) {
    if (!wanted.has(key))
      problems.push(`${label} ${key || '(no key)'}: not asked for (${records.length}×)`);
  }
  return problems;
}

/** Whether `haystack` names `key` as a whole word (`41` is not in `LG-2025-0041`). */
function names(haystack: string, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`).test(haystack);
}

/**
 * One chat message per expected item, each in `channel` (when given) and naming the item by
 * one of the identifiers `mentions` gives (its subject, number or id).
 */
function sameMessages<E>(
  messages: MockRecord[],
  expected: E[],
  mentions: (item: E) => string | string[],
  channel?: { field: string; names: string[] },
): string[] {
  if (expected.length === 0) throw new Error('a task must expect at least one message');
  const problems: string[] = [];
  if (messages.length !== expected.length)
    problems.push(`${messages.length} messages, expected ${expected.length}`);
  for (const item of expected) {
    const keys = [mentions(item)].flat();
    const found = messages.filter((m) => keys.some((key) => names(messageText(m), key)));
    if (found.length !== 1) problems.push(`message naming ${keys[0]}: found ${found.length}`);
  }
  if (channel) {
    for (const m of messages) {
      if (!channel.names.includes(text(m[channel.field])))
        problems.push(
          `message sent to ${text(m[channel.field]) || '(no channel)'}, not ${channel.names[0]}`,
        );
    }
  }
  return problems;
}

/**
 * Spreadsheet rows (Google Sheets `values`), one per expected item: the first of `cells` is a
 * list of identifiers one of which the row holds, the rest are cells the row must also hold.
 */
function sameRows<E>(
  rows: MockRecord[],
  expected: E[],
  cells: (item: E) => [string | string[], ...string[]],
): string[] {
  if (expected.length === 0) throw new Error('a task must expect at least one row');
  const values = rows.map((r) =>
    Array.isArray(r.values) ? (r.values as unknown[]).map((v) => text(v)) : [],
  );
  const problems: string[] = [];
  if (values.length !== expected.length)
    problems.push(`${values.length} rows, expected ${expected.length}`);
  for (const item of expected) {
    const [key, ...rest] = cells(item);
    const keys = [key].flat();
    const found = values.filter((row) => keys.some((k) => row.includes(k)));
    if (found.length !== 1) {
      problems.push(`row with ${keys[0]}: found ${found.length}`);
      continue;
    }
    for (const cell of rest) {
      const row = found[0] as string[];
      if (!row.some((c) => c === cell || (c !== '' && Number(c) === Number(cell))))
        problems.push(`row with ${keys[0]}: no cell ${cell}`);
    }
  }
  return problems;
}

function equal(label: string, actual: unknown, expected: unknown): string[] {
  return text(actual) === text(expected)
    ? []
    : [`${label} is ${text(actual) || '(none)'}, expected ${text(expected)}`];
}

function sameNumber(label: string, actual: unknown, ...accepted: number[]): string[] {
  return accepted.some((n) => Number(actual) === n)
    ? []
    : [`${label} is ${text(actual) || '(none)'}, expected ${accepted.join(' or ')}`];
}

function pathsInclude(destination: DestinationView, fragment: string): string[] {
  return destination.writeRequests.length > 0 &&
    destination.writeRequests.every((r) => r.path.includes(fragment))
    ? []
    : [`writes did not all go to …${fragment}…`];
}

// ── Seeds ───────────────────────────────────────────────────────────────────────────────────

const stripeCustomers = (clock: TaskClock) =>
  [
    ['cus_Q1a', 'maria.garcia@brightwave.io', 'Maria Garcia', '+34 612 345 678', 40],
    ['cus_Q1b', 'tom.becker@hollandfoods.de', 'Tom Becker', null, 31],
    ['cus_Q1c', 'aiko.tanaka@kumo.jp', 'Aiko Tanaka', '+81 3 1234 5678', 22],
    ['cus_Q1d', 'sam.okafor@lagosprint.ng', 'Sam Okafor', null, 9],
    ['cus_Q1e', 'lena.novak@ostrava.cz', 'Lena Novak', '+420 777 123 456', 2],
  ].map(([id, email, name, phone, days]) => ({
    id,
    object: 'customer',
    email,
    name,
    phone,
    description: null,
    created: unixDaysAgo(clock, days as number),
    currency: 'usd',
    delinquent: false,
    livemode: false,
    metadata: {},
  }));

const hubspotContact = (
  id: string,
  email: string,
  first: string,
  last: string,
  days: number,
  clock: TaskClock,
) => ({
  id,
  properties: {
    email,
    firstname: first,
    lastname: last,
    phone: null,
    company: null,
    lifecyclestage: 'lead',
    createdate: daysAgo(clock, days),
    lastmodifieddate: daysAgo(clock, days),
    hs_object_id: id,
  },
  createdAt: daysAgo(clock, days),
  updatedAt: daysAgo(clock, days),
  archived: false,
});

const zendeskTicket = (
  clock: TaskClock,
  id: number,
  subject: string,
  minutes: number,
  tags: string[] = [],
) => ({
  id,
  url: `https://acme.zendesk.com/api/v2/tickets/${id}.json`,
  subject,
  description: `${subject}. Please help.`,
  status: 'new',
  priority: 'normal',
  type: 'question',
  requester_id: 9000 + id,
  assignee_id: null,
  organization_id: null,
  tags,
  external_id: null,
  custom_fields: [],
  created_at: minutesAgo(clock, minutes),
  updated_at: minutesAgo(clock, minutes),
});

const shopifyOrder = (
  clock: TaskClock,
  n: number,
  hoursAgo: number,
  total: string,
  email: string,
) => ({
  id: 5_500_000_000 + n,
  name: `#${n}`,
  order_number: n,
  email,
  phone: null,
  created_at: iso(clock, -hoursAgo * 3_600_000),
  updated_at: iso(clock, -hoursAgo * 3_600_000),
  processed_at: iso(clock, -hoursAgo * 3_600_000),
  cancelled_at: null,
  financial_status: 'paid',
  fulfillment_status: null,
  currency: 'EUR',
  total_price: total,
  subtotal_price: total,
  total_tax: '0.00',
  customer: { id: 7_000 + n, email, first_name: 'Kim', last_name: 'Lee' },
  line_items: [{ id: 1, title: 'Linen shirt', quantity: 1, price: total }],
  tags: '',
  note: null,
});

/** Start of yesterday and today, UTC. */
function yesterdayBounds(clock: TaskClock): [number, number] {
  const today = Date.UTC(
    clock.now.getUTCFullYear(),
    clock.now.getUTCMonth(),
    clock.now.getUTCDate(),
  );
  return [today - DAY, today];
}

const quickbooksInvoice = (
  clock: TaskClock,
  id: string,
  doc: string,
  dueInDays: number,
  total: number,
  balance: number,
) => ({
  Id: id,
  SyncToken: '0',
  DocNumber: doc,
  TxnDate: dateOnly(clock, dueInDays - 30),
  DueDate: dateOnly(clock, dueInDays),
  CustomerRef: { value: '58', name: 'Bill’s Windsurf Shop' },
  BillEmail: { Address: 'accounts@windsurf.example' },
  Line: [{ Id: '1', Amount: total, DetailType: 'SalesItemLineDetail' }],
  TotalAmt: total,
  Balance: balance,
  CurrencyRef: { value: 'USD', name: 'United States Dollar' },
  EmailStatus: 'EmailSent',
  MetaData: { CreateTime: daysAgo(clock, 30 - dueInDays), LastUpdatedTime: daysAgo(clock, 1) },
});

const githubIssue = (clock: TaskClock, n: number, title: string, state: string, days: number) => ({
  id: 2_000_000 + n,
  number: n,
  title,
  body: `Steps to reproduce ${title.toLowerCase()}.`,
  state,
  state_reason: state === 'closed' ? 'completed' : null,
  html_url: `https://github.com/acme/webapp/issues/${n}`,
  user: { login: 'octocat', id: 1 },
  labels: [{ id: 1, name: 'bug' }],
  assignees: [],
  milestone: null,
  comments: 0,
  created_at: daysAgo(clock, days),
  updated_at: daysAgo(clock, days),
  closed_at: state === 'closed' ? daysAgo(clock, 1) : null,
});

const pipedriveDeal = (
  clock: TaskClock,
  id: number,
  title: string,
  value: number,
  status: string,
  days: number,
) => ({
  id,
  title,
  value,
  currency: 'EUR',
  status,
  owner_id: 12,
  person_id: 300 + id,
  org_id: 40,
  pipeline_id: 1,
  stage_id: 3,
  expected_close_date: dateOnly(clock, 20),
  add_time: daysAgo(clock, days),
  update_time: daysAgo(clock, days - 1),
  won_time: status === 'won' ? daysAgo(clock, days - 1) : null,
  custom_fields: {},
});

const pagerdutyIncident = (clock: TaskClock, n: number, title: string, minutes: number) => ({
  id: `Q0RIJJZL${n}`,
  type: 'incident',
  incident_number: n,
  title,
  description: title,
  status: 'triggered',
  urgency: 'high',
  incident_key: `key-${n}`,
  service: { id: 'PIJ90N7', type: 'service_reference', summary: 'Checkout API' },
  assignments: [],
  escalation_policy: { id: 'PT20YPA', type: 'escalation_policy_reference' },
  priority: null,
  html_url: `https://acme.pagerduty.com/incidents/Q0RIJJZL${n}`,
  created_at: minutesAgo(clock, minutes),
  updated_at: minutesAgo(clock, minutes),
  last_status_change_at: minutesAgo(clock, minutes),
});

const typeformResponse = (
  clock: TaskClock,
  id: string,
  name: string,
  email: string,
  plan: string,
  minutes: number,
) => ({
  response_id: id,
  token: id,
  landed_at: minutesAgo(clock, minutes + 4),
  submitted_at: minutesAgo(clock, minutes),
  response_type: 'completed',
  hidden: {},
  calculated: { score: 0 },
  answers: [
    { field: { id: 'hVONkQcnSNRj', type: 'short_text', ref: 'name' }, type: 'text', text: name },
    { field: { id: 'RUqkXSeXBXSd', type: 'email', ref: 'email' }, type: 'email', email },
    {
      field: { id: 'k6TP9oLGgHjl', type: 'multiple_choice', ref: 'plan' },
      type: 'choice',
      choice: { label: plan },
    },
  ],
  metadata: {
    user_agent: 'Mozilla/5.0',
    platform: 'other',
    referer: 'https://acme.typeform.com/to/aBcD12',
  },
});

const hubspotDeal = (
  clock: TaskClock,
  id: string,
  name: string,
  amount: string,
  stage: string,
  minutes: number,
) => ({
  id,
  properties: {
    dealname: name,
    amount,
    dealstage: stage,
    pipeline: 'default',
    closedate: iso(clock, 30 * DAY),
    hubspot_owner_id: '910901',
    createdate: minutesAgo(clock, minutes),
    hs_lastmodifieddate: minutesAgo(clock, minutes),
  },
  createdAt: minutesAgo(clock, minutes),
  updatedAt: minutesAgo(clock, minutes),
  archived: false,
});

const statuspageIncident = (clock: TaskClock, id: string, name: string, minutes: number) => ({
  id,
  page_id: 'kctbh9vrtdwd',
  name,
  status: 'investigating',
  impact: 'major',
  shortlink: `https://stspg.io/${id}`,
  created_at: minutesAgo(clock, minutes),
  updated_at: minutesAgo(clock, minutes),
  started_at: minutesAgo(clock, minutes),
  monitoring_at: null,
  resolved_at: null,
  incident_updates: [],
  components: [],
});

const acmeLead = (
  clock: TaskClock,
  id: string,
  first: string,
  last: string,
  email: string,
  company: string,
  stage: string,
) => ({
  id,
  email,
  first_name: first,
  last_name: last,
  company,
  phone: '+1 415 555 0100',
  stage,
  source: 'webinar',
  created_at: daysAgo(clock, 12),
  updated_at: daysAgo(clock, 3),
});

const shipment = (clock: TaskClock, id: number, ref: string, status: string, minutes: number) => ({
  id,
  order_ref: ref,
  carrier: 'dhl',
  tracking_number: `JD0146000${id}`,
  status,
  recipient_name: 'Maya Chen',
  destination_city: 'Rotterdam',
  destination_country: 'NL',
  promised_date: dateOnly(clock, 2),
  created_at: minutesAgo(clock, minutes),
});

const ledgerInvoice = (clock: TaskClock, id: number, cents: number, status: string) => ({
  id,
  number: `LG-2025-${String(id).padStart(4, '0')}`,
  customer_email: `billing${id}@customer.example`,
  amount_cents: cents,
  currency: 'usd',
  status,
  due_date: dateOnly(clock, 14),
  issued_at: daysAgo(clock, 16),
});

// ── The tasks ───────────────────────────────────────────────────────────────────────────────

export const generationTasks: GenerationTask[] = [
  {
    id: 'stripe-customers-to-hubspot',
    prompt: 'stripe customers into hubspot',
    source: { catalog: 'stripe' },
    destination: { catalog: 'hubspot' },
    seed: (clock) => ({ customer: stripeCustomers(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'contact',
        d.written('contact'),
        stripeCustomers(clock),
        { actual: (r) => get(r, 'properties.email'), expected: (c) => c.email as string },
        (r, c) =>
          equal(
            'name',
            `${text(get(r, 'properties.firstname'))} ${text(get(r, 'properties.lastname'))}`.trim(),
            c.name,
          ),
      ),
  },
  {
    id: 'asana-to-trello-terse',
    prompt: 'asana -> trello',
    source: { catalog: 'asana' },
    destination: { catalog: 'trello' },
    seed: (clock) => ({
      task: ['Draft Q3 roadmap', 'Review vendor contract', 'Plan offsite'].map((name, i) => ({
        gid: `12019${i}`,
        resource_type: 'task',
        name,
        notes: '',
        completed: false,
        due_on: null,
        created_at: daysAgo(clock, 5 - i),
        modified_at: daysAgo(clock, 5 - i),
      })),
    }),
    expect: (d) =>
      sameRecords(
        'card',
        d.written('card'),
        ['Draft Q3 roadmap', 'Review vendor contract', 'Plan offsite'],
        {
          actual: (r) => r.name,
          expected: (name) => name,
        },
      ),
  },
  {
    id: 'new-zendesk-tickets-to-slack',
    prompt: 'post new zendesk tickets to #support on slack',
    source: { catalog: 'zendesk' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({
      ticket: [
        zendeskTicket(clock, 101, 'Cannot reset my password', 300),
        zendeskTicket(clock, 102, 'Invoice shows the wrong VAT number', 200),
        zendeskTicket(clock, 103, 'Export to CSV times out', 100),
      ],
    }),
    expect: (d) =>
      sameMessages(
        d.written('message'),
        [
          'Cannot reset my password',
          'Invoice shows the wrong VAT number',
          'Export to CSV times out',
        ],
        (s) => s,
        { field: 'channel', names: ['#support', 'support'] },
      ),
    later: {
      seed: (clock) => ({
        ticket: [
          zendeskTicket(clock, 104, 'Two-factor codes never arrive', 0),
          zendeskTicket(clock, 105, 'Please delete my account', 0),
        ],
      }),
      expect: (d) =>
        sameMessages(
          d.written('message'),
          ['Two-factor codes never arrive', 'Please delete my account'],
          (s) => s,
          { field: 'channel', names: ['#support', 'support'] },
        ),
    },
  },
  {
    id: 'yesterdays-shopify-orders-to-sheet',
    prompt:
      "every morning copy yesterday's shopify orders into our google sheet 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms",
    source: { catalog: 'shopify' },
    destination: { catalog: 'google-sheets' },
    seed: (clock) => ({ order: shopifyOrders(clock) }),
    expect: (d, clock) => {
      const [from, to] = yesterdayBounds(clock);
      const wanted = shopifyOrders(clock).filter((o) => {
        const t = Date.parse(o.created_at);
        return t >= from && t < to;
      });
      return [
        ...sameRows(d.written('range'), wanted, (o) => [
          [o.name, String(o.order_number), String(o.id)],
          o.total_price,
        ]),
        ...pathsInclude(d, '/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/'),
      ];
    },
  },
  {
    id: 'overdue-quickbooks-invoices-to-teams',
    prompt: 'tell #billing in Teams about each overdue QuickBooks invoice',
    source: { catalog: 'quickbooks' },
    destination: { catalog: 'microsoft-teams' },
    seed: (clock) => ({ invoice: quickbooksInvoices(clock) }),
    expect: (d) => sameMessages(d.written('message'), ['1037', '1041'], (doc) => doc),
  },
  {
    id: 'stripe-invoices-to-notion-database',
    prompt:
      'Put our Stripe invoices in Notion database 2f9c1a7e4b8d4f0e9a3c6b5d7e8f9a01: Name = invoice number, Email = customer email, Amount = amount due, Status = status',
    source: { catalog: 'stripe' },
    destination: { catalog: 'notion' },
    seed: (clock) => ({ invoice: stripeInvoices(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'page',
        d.written('page'),
        stripeInvoices(clock),
        { actual: (r) => notionValue(get(r, 'properties.Name')), expected: (i) => i.number },
        (r, i) => [
          ...equal('parent', get(r, 'parent.database_id'), '2f9c1a7e4b8d4f0e9a3c6b5d7e8f9a01'),
          ...equal('Email', notionValue(get(r, 'properties.Email')), i.customer_email),
          ...sameNumber(
            'Amount',
            notionValue(get(r, 'properties.Amount')),
            i.amount_due,
            i.amount_due / 100,
          ),
          ...equal('Status', notionValue(get(r, 'properties.Status')), i.status),
        ],
      ),
  },
  {
    id: 'hubspot-contacts-to-stripe-customers',
    prompt: 'create a stripe customer for every hubspot contact',
    source: { catalog: 'hubspot' },
    destination: { catalog: 'stripe' },
    seed: (clock) => ({ contact: hubspotContacts(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'customer',
        d.written('customer'),
        hubspotContacts(clock),
        { actual: (r) => r.email, expected: (c) => c.properties.email },
        (r, c) => equal('name', r.name, `${c.properties.firstname} ${c.properties.lastname}`),
      ),
  },
  {
    id: 'open-github-issues-to-linear',
    prompt:
      'open github issues in acme/webapp -> linear, team 9cfb482a-81e3-4154-b5b9-2c805e70a02d',
    source: { catalog: 'github' },
    destination: { catalog: 'linear' },
    seed: (clock) => ({ issue: githubIssues(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'issue',
        d.written('issue'),
        githubIssues(clock).filter((i) => i.state === 'open'),
        { actual: (r) => get(r, 'input.title'), expected: (i) => i.title },
        (r) => equal('teamId', get(r, 'input.teamId'), '9cfb482a-81e3-4154-b5b9-2c805e70a02d'),
      ),
  },
  {
    id: 'open-pipedrive-deals-to-monday',
    prompt: 'add our open pipedrive deals to monday board 4455667788 as items',
    source: { catalog: 'pipedrive' },
    destination: { catalog: 'monday' },
    seed: (clock) => ({ deal: pipedriveDeals(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'item',
        d.written('item'),
        pipedriveDeals(clock).filter((deal) => deal.status === 'open'),
        { actual: (r) => r.itemName, expected: (deal) => deal.title },
        (r) => equal('boardId', r.boardId, '4455667788'),
      ),
  },
  {
    id: 'new-pagerduty-incidents-to-jira',
    prompt: 'create a Jira issue in project OPS for every new PagerDuty incident',
    source: { catalog: 'pagerduty' },
    destination: { catalog: 'jira' },
    seed: (clock) => ({
      incident: [
        pagerdutyIncident(clock, 1201, 'Checkout latency above 2s', 90),
        pagerdutyIncident(clock, 1202, 'Payment webhooks failing', 60),
        pagerdutyIncident(clock, 1203, 'Disk full on db-replica-2', 30),
      ],
    }),
    expect: (d) =>
      jiraIssues(d, [
        'Checkout latency above 2s',
        'Payment webhooks failing',
        'Disk full on db-replica-2',
      ]),
    later: {
      seed: (clock) => ({ incident: [pagerdutyIncident(clock, 1204, 'Search index stale', 0)] }),
      expect: (d) => jiraIssues(d, ['Search index stale']),
    },
  },
  {
    id: 'intercom-contacts-to-mailchimp-no-duplicates',
    prompt: "sync intercom contacts into mailchimp audience 9e67587f52, don't add anyone twice",
    source: { catalog: 'intercom' },
    destination: { catalog: 'mailchimp' },
    seed: (clock) => ({
      contact: intercomContacts.map(([id, name, email], i) => ({
        type: 'contact',
        id,
        workspace_id: 'ecahpwf5',
        external_id: null,
        role: 'user',
        email,
        phone: null,
        name,
        created_at: unixDaysAgo(clock, 10 - i),
        updated_at: unixDaysAgo(clock, 10 - i),
        last_seen_at: null,
        custom_attributes: {},
      })),
    }),
    destinationSeed: (clock) => ({
      member: [
        {
          id: 'a1b2c3',
          email_address: 'priya@fernhill.example',
          unique_email_id: 'u1',
          full_name: 'Priya Raman',
          status: 'subscribed',
          merge_fields: { FNAME: 'Priya', LNAME: 'Raman' },
          tags: [],
          list_id: '9e67587f52',
          timestamp_signup: daysAgo(clock, 60),
          last_changed: daysAgo(clock, 60),
        },
      ],
    }),
    expect: (d) => [
      ...sameRecords(
        'member',
        d.records('member'),
        intercomContacts.map(([, , email]) => email),
        { actual: (r) => r.email_address, expected: (email) => email },
      ),
      ...pathsInclude(d, '/9e67587f52'),
    ],
  },
  {
    id: 'new-typeform-responses-to-sheet',
    prompt:
      'put new typeform responses for form aBcD12 in google sheet 1q2w3e4r5t6y7u8i9o0pAsDfGhJkL, one row per response',
    source: { catalog: 'typeform' },
    destination: { catalog: 'google-sheets' },
    seed: (clock) => ({
      response: [
        typeformResponse(clock, 'r-001', 'Laura Diaz', 'laura@diaz.example', 'Team', 300),
        typeformResponse(clock, 'r-002', 'Omar Haddad', 'omar@haddad.example', 'Solo', 200),
        typeformResponse(clock, 'r-003', 'Jin Park', 'jin@park.example', 'Business', 100),
      ],
    }),
    expect: (d) =>
      sameRows(
        d.written('range'),
        ['laura@diaz.example', 'omar@haddad.example', 'jin@park.example'],
        (e) => [e],
      ),
    later: {
      seed: (clock) => ({
        response: [typeformResponse(clock, 'r-004', 'Ana Silva', 'ana@silva.example', 'Team', 0)],
      }),
      expect: (d) => sameRows(d.written('range'), ['ana@silva.example'], (e) => [e]),
    },
  },
  {
    id: 'urgent-freshdesk-tickets-to-github',
    prompt: 'urgent freshdesk tickets -> github issues in acme/support-queue',
    source: { catalog: 'freshdesk' },
    destination: { catalog: 'github' },
    seed: (clock) => ({ ticket: freshdeskTickets(clock) }),
    expect: (d, clock) => [
      ...sameRecords(
        'issue',
        d.written('issue'),
        freshdeskTickets(clock).filter((t) => t.priority === 4),
        { actual: (r) => r.title, expected: (t) => t.subject },
      ),
      ...pathsInclude(d, '/repos/acme/support-queue/issues'),
    ],
  },
  {
    id: 'failed-stripe-payments-to-slack',
    prompt: 'post failed stripe payments to #payments-alerts',
    source: { catalog: 'stripe' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ charge: stripeCharges(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        stripeCharges(clock).filter((c) => c.status === 'failed'),
        (c) => [c.receipt_email, c.id],
        { field: 'channel', names: ['#payments-alerts', 'payments-alerts'] },
      ),
  },
  {
    id: 'salesforce-leads-to-hubspot-skip-existing',
    prompt:
      'copy salesforce leads into hubspot contacts, skip anyone already in hubspot (match on email)',
    source: { catalog: 'salesforce' },
    destination: { catalog: 'hubspot' },
    seed: (clock) => ({ lead: salesforceLeads(clock) }),
    destinationSeed: (clock) => ({
      contact: [hubspotContact('901', 'r.osei@ghanatech.example', 'Rita', 'Osei', 50, clock)],
    }),
    expect: (d, clock) =>
      sameRecords(
        'contact',
        d.records('contact'),
        salesforceLeads(clock),
        { actual: (r) => get(r, 'properties.email'), expected: (l) => l.Email },
        (r, l) =>
          l.Email === 'r.osei@ghanatech.example'
            ? []
            : [
                ...equal('firstname', get(r, 'properties.firstname'), l.FirstName),
                ...equal('lastname', get(r, 'properties.lastname'), l.LastName),
              ],
      ),
  },
  {
    id: 'big-woocommerce-orders-to-slack',
    prompt: 'woocommerce orders over $200 -> slack #big-orders',
    source: { catalog: 'woocommerce' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ order: wooOrders(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        wooOrders(clock).filter((o) => Number(o.total) > 200),
        (o) => [o.number, `#${o.number}`],
        { field: 'channel', names: ['#big-orders', 'big-orders'] },
      ),
  },
  {
    id: 'open-gitlab-issues-to-todoist',
    prompt: 'add the open issues from gitlab project 4821 to my todoist',
    source: { catalog: 'gitlab' },
    destination: { catalog: 'todoist' },
    seed: (clock) => ({ issue: gitlabIssues(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'task',
        d.written('task'),
        gitlabIssues(clock).filter((i) => i.state === 'opened'),
        { actual: (r) => r.content, expected: (i) => i.title },
      ),
  },
  {
    id: 'won-pipedrive-deals-to-sheet',
    prompt:
      'log won pipedrive deals in google sheet 1AbCdEfGhIjKlMnOpQrStUvWxYz012345: title, value, currency',
    source: { catalog: 'pipedrive' },
    destination: { catalog: 'google-sheets' },
    seed: (clock) => ({ deal: pipedriveDeals(clock) }),
    expect: (d, clock) =>
      sameRows(
        d.written('range'),
        pipedriveDeals(clock).filter((deal) => deal.status === 'won'),
        (deal) => [deal.title, String(deal.value), deal.currency],
      ),
  },
  {
    id: 'new-hubspot-deals-to-airtable',
    prompt:
      'new hubspot deals to airtable base appX7f3K2mQ9 table Deals, with Deal Name, Amount and Stage',
    source: { catalog: 'hubspot' },
    destination: { catalog: 'airtable' },
    seed: (clock) => ({
      deal: [
        hubspotDeal(
          clock,
          '7001',
          'Biglytics annual licence',
          '1500.00',
          'presentationscheduled',
          300,
        ),
        hubspotDeal(clock, '7002', 'Northwind renewal', '8200.00', 'contractsent', 200),
        hubspotDeal(clock, '7003', 'Kumo pilot', '950.00', 'appointmentscheduled', 100),
      ],
    }),
    expect: (d, clock) =>
      airtableDeals(d, [
        hubspotDeal(
          clock,
          '7001',
          'Biglytics annual licence',
          '1500.00',
          'presentationscheduled',
          300,
        ),
        hubspotDeal(clock, '7002', 'Northwind renewal', '8200.00', 'contractsent', 200),
        hubspotDeal(clock, '7003', 'Kumo pilot', '950.00', 'appointmentscheduled', 100),
      ]),
    later: {
      seed: (clock) => ({
        deal: [hubspotDeal(clock, '7004', 'Fernhill expansion', '4300.00', 'qualifiedtobuy', 0)],
      }),
      expect: (d, clock) =>
        airtableDeals(d, [
          hubspotDeal(clock, '7004', 'Fernhill expansion', '4300.00', 'qualifiedtobuy', 0),
        ]),
    },
  },
  {
    id: 'consenting-shopify-customers-to-klaviyo',
    prompt: 'shopify customers who accepted email marketing -> klaviyo profiles',
    source: { catalog: 'shopify' },
    destination: { catalog: 'klaviyo' },
    seed: (clock) => ({ customer: shopifyCustomers(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'profile',
        d.written('profile'),
        shopifyCustomers(clock).filter((c) => c.email_marketing_consent.state === 'subscribed'),
        { actual: (r) => get(r, 'attributes.email'), expected: (c) => c.email },
        (r, c) => [
          ...equal('first_name', get(r, 'attributes.first_name'), c.first_name),
          ...equal('last_name', get(r, 'attributes.last_name'), c.last_name),
        ],
      ),
  },
  {
    id: 'square-customers-to-quickbooks',
    prompt: 'square customers into quickbooks',
    source: { catalog: 'square' },
    destination: { catalog: 'quickbooks' },
    seed: (clock) => ({ customer: squareCustomers(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'customer',
        d.written('customer'),
        squareCustomers(clock),
        { actual: (r) => get(r, 'PrimaryEmailAddr.Address'), expected: (c) => c.email_address },
        (r, c) => [
          ...equal('GivenName', r.GivenName, c.given_name),
          ...equal('FamilyName', r.FamilyName, c.family_name),
          ...(text(r.DisplayName).includes(c.family_name)
            ? []
            : [`DisplayName ${text(r.DisplayName)}`]),
        ],
      ),
  },
  {
    id: 'new-statuspage-incidents-to-discord-webhook',
    prompt:
      'post new statuspage incidents for page kctbh9vrtdwd to our discord webhook https://discord.com/api/webhooks/1122334455/AbCdEf-token',
    source: { catalog: 'statuspage' },
    destination: { catalog: 'discord' },
    seed: (clock) => ({
      incident: [
        statuspageIncident(clock, 'p31zjtct2jer', 'Elevated API error rates', 120),
        statuspageIncident(clock, 'p31zjtct2jes', 'Delayed email delivery', 60),
      ],
    }),
    expect: (d) => [
      ...sameMessages(
        d.written('message'),
        ['Elevated API error rates', 'Delayed email delivery'],
        (n) => n,
      ),
      ...pathsInclude(d, '/webhooks/1122334455/AbCdEf-token'),
    ],
    later: {
      seed: (clock) => ({
        incident: [statuspageIncident(clock, 'p31zjtct2jet', 'Dashboard not loading', 0)],
      }),
      expect: (d) => sameMessages(d.written('message'), ['Dashboard not loading'], (n) => n),
    },
  },
  {
    id: 'p1-opsgenie-alerts-to-sms',
    prompt: "text me at +14155550123 from +14155550199 on twilio when there's a P1 opsgenie alert",
    source: { catalog: 'opsgenie' },
    destination: { catalog: 'twilio' },
    seed: (clock) => ({ alert: opsgenieAlerts(clock) }),
    expect: (d, clock) => [
      ...sameMessages(
        d.written('message'),
        opsgenieAlerts(clock).filter((a) => a.priority === 'P1'),
        (a) => a.message,
        { field: 'To', names: ['+14155550123'] },
      ),
    ],
  },
  {
    id: 'vip-zendesk-tickets-to-slack',
    prompt: 'send zendesk tickets tagged vip to #vip-support',
    source: { catalog: 'zendesk' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ ticket: vipTickets(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        vipTickets(clock).filter((t) => t.tags.includes('vip')),
        (t) => [t.subject, String(t.id)],
        { field: 'channel', names: ['#vip-support', 'vip-support'] },
      ),
  },
  {
    id: 'unfinished-linear-issues-to-slack',
    prompt: 'post linear issues to #eng on slack, skip the completed ones',
    source: { catalog: 'linear' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ issue: linearIssues(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        linearIssues(clock).filter((i) => i.completedAt === null),
        (i) => [i.identifier, i.title],
        { field: 'channel', names: ['#eng', 'eng'] },
      ),
  },
  {
    id: 'trello-board-to-asana-project',
    prompt:
      'copy the cards on trello board 5f1e2d3c4b5a697887766554 into asana project 1201234567890123, leave out archived cards',
    source: { catalog: 'trello' },
    destination: { catalog: 'asana' },
    seed: (clock) => ({ card: trelloCards(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'task',
        d.written('task'),
        trelloCards(clock).filter((c) => !c.closed),
        { actual: (r) => r.name, expected: (c) => c.name },
        (r) =>
          text(r.projects).includes('1201234567890123')
            ? []
            : [`projects is ${text(r.projects) || '(none)'}, expected 1201234567890123`],
      ),
  },
  // ── In-house APIs, known only from their OpenAPI documents ─────────────────────────────────
  {
    id: 'acme-crm-leads-to-hubspot',
    prompt: 'push leads from Acme CRM into hubspot as contacts',
    source: { openapi: 'acme-crm.yaml' },
    destination: { catalog: 'hubspot' },
    seed: (clock) => ({ lead: acmeLeads(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'contact',
        d.written('contact'),
        acmeLeads(clock),
        { actual: (r) => get(r, 'properties.email'), expected: (l) => l.email },
        (r, l) => [
          ...equal('firstname', get(r, 'properties.firstname'), l.first_name),
          ...equal('lastname', get(r, 'properties.lastname'), l.last_name),
        ],
      ),
  },
  {
    id: 'stripe-customers-to-ledger',
    prompt: 'stripe customers into ledger',
    source: { catalog: 'stripe' },
    destination: { openapi: 'ledger.yaml' },
    seed: (clock) => ({ customer: stripeCustomers(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'customer',
        d.written('customer'),
        stripeCustomers(clock),
        { actual: (r) => r.email, expected: (c) => c.email as string },
        (r, c) => equal('name', r.name, c.name),
      ),
  },
  {
    id: 'delayed-shipments-to-slack',
    prompt: 'post delayed shipments to #ops in slack',
    source: { openapi: 'shipyard.json' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ shipment: shipments(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        shipments(clock).filter((s) => s.status === 'delayed'),
        (s) => [s.order_ref, s.tracking_number, String(s.id)],
        { field: 'channel', names: ['#ops', 'ops'] },
      ),
  },
  {
    id: 'new-shipments-to-sheet-hourly',
    prompt: 'every hour add new shipments to google sheet 1ShIpYaRdTrAcKiNg000000000000 as rows',
    source: { openapi: 'shipyard.json' },
    destination: { catalog: 'google-sheets' },
    seed: (clock) => ({ shipment: shipments(clock) }),
    expect: (d, clock) =>
      sameRows(d.written('range'), shipments(clock), (s) => [[s.order_ref, String(s.id)]]),
    later: {
      seed: (clock) => ({ shipment: [shipment(clock, 5020, 'SO-20460', 'label_created', 0)] }),
      expect: (d) => sameRows(d.written('range'), [5020], (id) => [['SO-20460', String(id)]]),
    },
  },
  {
    id: 'big-open-ledger-invoices-to-slack',
    prompt: 'open ledger invoices over $500 -> #finance on slack',
    source: { openapi: 'ledger.yaml' },
    destination: { catalog: 'slack' },
    seed: (clock) => ({ invoice: ledgerInvoices(clock) }),
    expect: (d, clock) =>
      sameMessages(
        d.written('message'),
        ledgerInvoices(clock).filter((i) => i.status === 'open' && i.amount_cents > 50_000),
        (i) => [i.number, String(i.id)],
        { field: 'channel', names: ['#finance', 'finance'] },
      ),
  },
  {
    id: 'hubspot-contacts-to-acme-crm',
    prompt: 'hubspot contacts into our acme crm as leads',
    source: { catalog: 'hubspot' },
    destination: { openapi: 'acme-crm.yaml' },
    seed: (clock) => ({ contact: hubspotContacts(clock) }),
    expect: (d, clock) =>
      sameRecords(
        'lead',
        d.written('lead'),
        hubspotContacts(clock),
        { actual: (r) => r.email, expected: (c) => c.properties.email },
        (r, c) => [
          ...equal('first_name', r.first_name, c.properties.firstname),
          ...equal('last_name', r.last_name, c.properties.lastname),
        ],
      ),
  },
];

// ── Seed data used by several tasks ─────────────────────────────────────────────────────────

function shopifyOrders(clock: TaskClock) {
  const [from] = yesterdayBounds(clock);
  const hoursAgo = (at: number) => (clock.now.getTime() - at) / 3_600_000;
  return [
    shopifyOrder(clock, 1040, hoursAgo(from - 5 * 3_600_000), '64.00', 'jo@acorn.example'),
    shopifyOrder(clock, 1041, hoursAgo(from + 2 * 3_600_000), '120.50', 'li@birch.example'),
    shopifyOrder(clock, 1042, hoursAgo(from + 9 * 3_600_000), '38.90', 'ro@cedar.example'),
    shopifyOrder(clock, 1043, hoursAgo(from + 20 * 3_600_000), '250.00', 'ed@dogwood.example'),
    shopifyOrder(clock, 1044, hoursAgo(from + DAY + 60_000), '19.99', 'al@elm.example'),
  ].filter((o) => Date.parse(o.created_at) <= clock.now.getTime());
}

function quickbooksInvoices(clock: TaskClock) {
  return [
    quickbooksInvoice(clock, '130', '1037', -12, 450, 450), // overdue
    quickbooksInvoice(clock, '131', '1038', -5, 300, 0), // past due but paid
    quickbooksInvoice(clock, '132', '1039', 10, 975, 975), // not due yet
    quickbooksInvoice(clock, '133', '1040', 20, 120, 120), // not due yet
    quickbooksInvoice(clock, '134', '1041', -2, 1200, 600), // overdue, part paid
  ];
}

function stripeInvoices(clock: TaskClock) {
  return [
    ['in_1PqA', 'A1B2C3-0001', 'maria.garcia@brightwave.io', 'open', 12000],
    ['in_1PqB', 'A1B2C3-0002', 'tom.becker@hollandfoods.de', 'paid', 4500],
    ['in_1PqC', 'A1B2C3-0003', 'aiko.tanaka@kumo.jp', 'open', 99900],
  ].map(([id, number, email, status, amount], i) => ({
    id: id as string,
    customer: `cus_Q1${'abc'[i]}`,
    customer_email: email as string,
    customer_name: null,
    number: number as string,
    status: status as string,
    amount_due: amount as number,
    amount_paid: status === 'paid' ? (amount as number) : 0,
    currency: 'usd',
    due_date: unixDaysAgo(clock, -14),
    created: unixDaysAgo(clock, 10 - i),
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
  }));
}

function hubspotContacts(clock: TaskClock) {
  return [
    hubspotContact('501', 'bryan@biglytics.example', 'Bryan', 'Cooper', 20, clock),
    hubspotContact('502', 'nina@fernhill.example', 'Nina', 'Schulz', 15, clock),
    hubspotContact('503', 'kofi@ashanti.example', 'Kofi', 'Mensah', 10, clock),
  ];
}

function githubIssues(clock: TaskClock) {
  return [
    githubIssue(clock, 311, 'Login button unresponsive on Safari', 'open', 9),
    githubIssue(clock, 312, 'Typo in pricing page', 'closed', 8),
    githubIssue(clock, 313, 'Dark mode resets after reload', 'open', 5),
    githubIssue(clock, 314, 'CSV import drops the last row', 'open', 2),
  ];
}

function pipedriveDeals(clock: TaskClock) {
  return [
    pipedriveDeal(clock, 81, 'Umbrella Corp — 50 seats', 12500, 'open', 20),
    pipedriveDeal(clock, 82, 'Initech renewal', 4800, 'won', 18),
    pipedriveDeal(clock, 83, 'Globex pilot', 1500, 'lost', 15),
    pipedriveDeal(clock, 84, 'Hooli expansion', 22000, 'open', 7),
    pipedriveDeal(clock, 85, 'Vandelay imports', 3100, 'won', 4),
  ];
}

function jiraIssues(d: DestinationView, titles: string[]): string[] {
  return sameRecords(
    'issue',
    d.written('issue'),
    titles,
    {
      actual: (r) =>
        titles.find((t) => text(get(r, 'summary') ?? get(r, 'fields.summary')).includes(t)) ??
        text(r.summary),
      expected: (t) => t,
    },
    (r) => equal('project', get(r, 'project.key') ?? get(r, 'fields.project.key'), 'OPS'),
  );
}

const intercomContacts: Array<[string, string, string]> = [
  ['6329bd9ffe4e2e91dac76188', 'Priya Raman', 'priya@fernhill.example'],
  ['6329bd9ffe4e2e91dac76189', 'Diego Alvarez', 'diego@pampas.example'],
  ['6329bd9ffe4e2e91dac76190', 'Hannah Weiss', 'hannah@rhein.example'],
];

function freshdeskTickets(clock: TaskClock) {
  return [
    [201, 'Checkout page returns 500', 4],
    [202, 'How do I change my plan?', 1],
    [203, 'All exports are empty since this morning', 4],
    [204, 'Feature request: dark mode', 2],
    [205, 'Invoice PDF missing logo', 3],
  ].map(([id, subject, priority], i) => ({
    id: id as number,
    subject: subject as string,
    description: `<div>${subject}</div>`,
    description_text: subject as string,
    status: 2,
    priority: priority as number,
    source: 2,
    type: 'Problem',
    requester_id: 1290 + i,
    responder_id: null,
    group_id: null,
    company_id: null,
    tags: [],
    custom_fields: {},
    due_by: daysAgo(clock, -2),
    created_at: daysAgo(clock, 3 - i / 2),
    updated_at: daysAgo(clock, 3 - i / 2),
  }));
}

function stripeCharges(clock: TaskClock) {
  return [
    ['ch_3Pa1', 4999, 'succeeded', 'maria.garcia@brightwave.io'],
    ['ch_3Pa2', 12900, 'failed', 'tom.becker@hollandfoods.de'],
    ['ch_3Pa3', 2500, 'succeeded', 'aiko.tanaka@kumo.jp'],
    ['ch_3Pa4', 75000, 'failed', 'sam.okafor@lagosprint.ng'],
    ['ch_3Pa5', 990, 'pending', 'lena.novak@ostrava.cz'],
  ].map(([id, amount, status, email], i) => ({
    id: id as string,
    amount: amount as number,
    currency: 'usd',
    status: status as string,
    paid: status === 'succeeded',
    refunded: false,
    customer: `cus_Q1${'abcde'[i]}`,
    description: 'Subscription update',
    receipt_email: email as string,
    created: unixDaysAgo(clock, 5 - i),
  }));
}

function salesforceLeads(clock: TaskClock) {
  return [
    ['00Q5e00000A1', 'Rita', 'Osei', 'Ghana Tech', 'r.osei@ghanatech.example'],
    ['00Q5e00000A2', 'Mark', 'Jensen', 'Nordlys', 'mark@nordlys.example'],
    ['00Q5e00000A3', 'Chloé', 'Martin', 'Maison Bleu', 'chloe@maisonbleu.example'],
  ].map(([Id, FirstName, LastName, Company, Email], i) => ({
    attributes: { type: 'Lead', url: `/services/data/v62.0/sobjects/Lead/${Id}` },
    Id: Id as string,
    FirstName: FirstName as string,
    LastName: LastName as string,
    Company: Company as string,
    Email: Email as string,
    Phone: null,
    Status: 'Open - Not Contacted',
    LeadSource: 'Web',
    CreatedDate: daysAgo(clock, 6 - i),
    LastModifiedDate: daysAgo(clock, 6 - i),
  }));
}

function wooOrders(clock: TaskClock) {
  return [
    ['727', '189.00'],
    ['728', '245.50'],
    ['729', '200.00'],
    ['730', '1020.00'],
  ].map(([number, total], i) => ({
    id: Number(number),
    parent_id: 0,
    number: number as string,
    status: 'processing',
    currency: 'USD',
    date_created: daysAgo(clock, 4 - i),
    date_created_gmt: daysAgo(clock, 4 - i),
    date_modified: daysAgo(clock, 4 - i),
    date_modified_gmt: daysAgo(clock, 4 - i),
    total: total as string,
    total_tax: '0.00',
    customer_id: 26,
    customer_note: '',
    billing: { first_name: 'John', last_name: 'Doe', email: `john${number}@doe.example` },
    shipping: {},
    payment_method: 'bacs',
    payment_method_title: 'Direct Bank Transfer',
    date_paid: null,
    line_items: [],
  }));
}

function gitlabIssues(clock: TaskClock) {
  return [
    [41, 'Pipeline cache misses on main', 'opened'],
    [42, 'Upgrade Postgres to 17', 'closed'],
    [43, 'Flaky test in billing spec', 'opened'],
  ].map(([iid, title, state], i) => ({
    id: 90_000 + (iid as number),
    iid: iid as number,
    project_id: 4821,
    title: title as string,
    description: '',
    state: state as string,
    labels: [],
    assignees: [],
    author: { id: 1, username: 'jdoe' },
    milestone: null,
    due_date: null,
    confidential: false,
    web_url: `https://gitlab.com/acme/platform/-/issues/${iid}`,
    created_at: daysAgo(clock, 10 - i),
    updated_at: daysAgo(clock, 10 - i),
    closed_at: state === 'closed' ? daysAgo(clock, 1) : null,
  }));
}

function airtableDeals(d: DestinationView, deals: Array<ReturnType<typeof hubspotDeal>>): string[] {
  return [
    ...sameRecords(
      'record',
      d.written('record'),
      deals,
      { actual: (r) => get(r, 'fields.Deal Name'), expected: (deal) => deal.properties.dealname },
      (r, deal) => [
        ...sameNumber('Amount', get(r, 'fields.Amount'), Number(deal.properties.amount)),
        ...equal('Stage', get(r, 'fields.Stage'), deal.properties.dealstage),
      ],
    ),
    ...pathsInclude(d, '/appX7f3K2mQ9/Deals'),
  ];
}

function shopifyCustomers(clock: TaskClock) {
  return [
    ['Kim', 'Lee', 'kim@lee.example', 'subscribed'],
    ['Ravi', 'Kumar', 'ravi@kumar.example', 'not_subscribed'],
    ['Eva', 'Nilsson', 'eva@nilsson.example', 'subscribed'],
    ['Zoe', 'Brown', 'zoe@brown.example', 'unsubscribed'],
  ].map(([first_name, last_name, email, state], i) => ({
    id: 8_100_000 + i,
    first_name: first_name as string,
    last_name: last_name as string,
    email: email as string,
    phone: null,
    tags: '',
    note: null,
    verified_email: true,
    addresses: [],
    email_marketing_consent: {
      state: state as string,
      opt_in_level: 'single_opt_in',
      consent_updated_at: daysAgo(clock, 3),
    },
    state: 'enabled',
    orders_count: 1,
    total_spent: '42.00',
    currency: 'EUR',
    created_at: daysAgo(clock, 8 - i),
    updated_at: daysAgo(clock, 8 - i),
  }));
}

function squareCustomers(clock: TaskClock) {
  return [
    ['Amelia', 'Earhart', 'amelia@flight.example', '+1-212-555-4240'],
    ['Carlos', 'Santana', 'carlos@smooth.example', '+1-415-555-0199'],
    ['Mei', 'Ling', 'mei@tea.example', null],
  ].map(([given_name, family_name, email_address, phone_number], i) => ({
    id: `JDKYHBWT1D4F8MFH63DBMEN8Y${i}`,
    given_name: given_name as string,
    family_name: family_name as string,
    company_name: null,
    email_address: email_address as string,
    phone_number,
    reference_id: null,
    note: null,
    created_at: daysAgo(clock, 9 - i),
    updated_at: daysAgo(clock, 9 - i),
    version: 1,
  }));
}

function opsgenieAlerts(clock: TaskClock) {
  return [
    ['P1', 'Checkout API error rate 12%'],
    ['P3', 'Certificate expires in 20 days'],
    ['P1', 'Primary database unreachable'],
    ['P2', 'Queue depth above 10k'],
  ].map(([priority, message], i) => ({
    id: `70413a06-38d6-4c85-92b8-5ebc900d42e${i}`,
    tinyId: String(1790 + i),
    alias: `event_${570 + i}`,
    message: message as string,
    status: 'open',
    acknowledged: false,
    isSeen: false,
    tags: [],
    snoozed: false,
    count: 1,
    lastOccurredAt: minutesAgo(clock, 50 - i * 10),
    createdAt: minutesAgo(clock, 50 - i * 10),
    updatedAt: minutesAgo(clock, 50 - i * 10),
    source: 'Datadog',
    owner: '',
    priority: priority as string,
    responders: [],
    integration: { id: '4513b7ea', name: 'Datadog', type: 'API' },
  }));
}

function acmeLeads(clock: TaskClock) {
  return [
    acmeLead(
      clock,
      'lead_8f2a',
      'Dana',
      'Scully',
      'dana@northwind.example',
      'Northwind Traders',
      'new',
    ),
    acmeLead(clock, 'lead_8f2b', 'Fox', 'Mulder', 'fox@contoso.example', 'Contoso', 'qualified'),
    acmeLead(
      clock,
      'lead_8f2c',
      'Walter',
      'Skinner',
      'walter@fabrikam.example',
      'Fabrikam',
      'contacted',
    ),
  ];
}

function shipments(clock: TaskClock) {
  return [
    shipment(clock, 5012, 'SO-20431', 'in_transit', 400),
    shipment(clock, 5013, 'SO-20432', 'delayed', 350),
    shipment(clock, 5014, 'SO-20437', 'delivered', 300),
    shipment(clock, 5015, 'SO-20441', 'delayed', 200),
    shipment(clock, 5016, 'SO-20445', 'label_created', 100),
  ];
}

function ledgerInvoices(clock: TaskClock) {
  return [
    ledgerInvoice(clock, 41, 125_000, 'open'),
    ledgerInvoice(clock, 42, 42_000, 'open'),
    ledgerInvoice(clock, 43, 90_000, 'paid'),
    ledgerInvoice(clock, 44, 50_001, 'open'),
    ledgerInvoice(clock, 45, 300_000, 'draft'),
  ];
}

function vipTickets(clock: TaskClock) {
  return [
    zendeskTicket(clock, 301, 'Our SSO login loops forever', 240, ['vip', 'sso']),
    zendeskTicket(clock, 302, 'Where can I download invoices?', 200, ['billing']),
    zendeskTicket(clock, 303, 'API rate limit too low for our import', 150, ['vip']),
    zendeskTicket(clock, 304, 'Typo on the login page', 90, []),
  ];
}

function linearIssues(clock: TaskClock) {
  return [
    ['ENG-201', 'Checkout fails for EU cards', null, 'started'],
    ['ENG-202', 'Upgrade React to 19', daysAgo(clock, 1), 'completed'],
    ['ENG-203', 'Flaky e2e test on the billing page', null, 'unstarted'],
    ['ENG-204', 'Remove the legacy export endpoint', daysAgo(clock, 3), 'completed'],
    ['ENG-205', 'Dashboard chart shows UTC, not local time', null, 'backlog'],
  ].map(([identifier, title, completedAt, stateType], i) => ({
    id: `9cfb482a-81e3-4154-b5b9-2c805e70a0${10 + i}`,
    identifier: identifier as string,
    title: title as string,
    description: '',
    priority: 2,
    url: `https://linear.app/acme/issue/${identifier}`,
    dueDate: null,
    createdAt: daysAgo(clock, 10 - i),
    updatedAt: daysAgo(clock, 5 - i),
    completedAt: completedAt as string | null,
    state: { id: `state-${stateType}`, name: stateType, type: stateType },
    team: { id: '72b2a2dc-6f4f-4423-9d34-24b5bd10634a', key: 'ENG' },
    assignee: null,
    labels: { nodes: [] },
  }));
}

function trelloCards(clock: TaskClock) {
  return [
    ['Book the venue', false],
    ['Old logo ideas', true],
    ['Send invitations', false],
    ['Order catering', false],
  ].map(([name, closed], i) => ({
    id: `5abbe4b7ddc1b351ef96141${i}`,
    name: name as string,
    desc: '',
    closed: closed as boolean,
    idBoard: '5f1e2d3c4b5a697887766554',
    idList: '5abbe4b7ddc1b351ef961402',
    pos: 65535 * (i + 1),
    due: null,
    start: null,
    dueComplete: false,
    idMembers: [],
    idLabels: [],
    labels: [],
    shortUrl: `https://trello.com/c/abc${i}`,
    url: `https://trello.com/c/abc${i}`,
    dateLastActivity: daysAgo(clock, 4 - i),
  }));
}
