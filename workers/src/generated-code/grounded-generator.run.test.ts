import { checkCalls } from '@patchbay/catalog/check-calls';
import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
  type MockRecord,
} from '../../../scripts/test-support/description-mock-server.ts';
import { SandboxPool } from '../sandbox/index.ts';
import { generateTemplateCode } from '@patchbay/generator';

// The grounded template generator's code (ADR 015) must leave the destination holding
// exactly what the prompt asked for. Each case generates code from a prompt over catalog
// descriptions, runs it in the real sandbox against loopback servers that behave as those
// descriptions say (pagination, validation, auth), and reads what the destination stored.

let pool: SandboxPool;
const mocks: DescriptionMock[] = [];

beforeAll(() => {
  pool = new SandboxPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
  await Promise.all(mocks.map((m) => m.close()));
});

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

async function mock(
  description: TApiDescription,
  seed: Record<string, MockRecord[]> = {},
  pageSize = 2,
) {
  const server = await startDescriptionMock(description, { seed, pageSize });
  mocks.push(server);
  return server;
}

function generate(prompt: string, source: DescriptionMock, destination: DescriptionMock) {
  const input: TGenerateRequest = {
    sourceApiName: source.description.name,
    sourceApiUrl: source.url,
    sourceAuthType: source.connection().authType,
    destApiName: destination.description.name,
    destApiUrl: destination.url,
    destAuthType: destination.connection().authType,
    userPrompt: prompt,
  };
  const result = generateTemplateCode(input, {
    source: source.description,
    destination: destination.description,
  });
  // The static check agrees with the description about every call the code makes.
  const checked = checkCalls(result.code, {
    source: { description: source.description, baseUrl: source.url },
    destination: { description: destination.description, baseUrl: destination.url },
  });
  return { ...result, warnings: checked.warnings };
}

async function run(
  code: string,
  source: DescriptionMock,
  destination: DescriptionMock,
  state: Record<string, unknown> = {},
) {
  const result = await pool.run({
    code,
    source: source.connection(),
    destination: destination.connection(),
    state,
    run: { id: 'run-1', attempt: 1, mode: 'test', scheduledAt: '2025-06-01T00:00:00.000Z' },
    allowPrivateNetwork: true,
  });
  const next = { ...state, ...result.stateChanges.set };
  for (const key of result.stateChanges.deleted) delete next[key];
  return { result, state: next };
}

function expectSuccess(outcome: Awaited<ReturnType<typeof run>>) {
  expect(outcome.result.error, JSON.stringify(outcome.result.error)).toBeUndefined();
  expect(outcome.result.status).toBe('success');
}

const customers = [
  {
    id: 'cus_1',
    object: 'customer',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: '+44 1',
    created: 1_700_000_100,
  },
  {
    id: 'cus_2',
    object: 'customer',
    email: 'alan@example.com',
    name: 'Alan Turing',
    phone: null,
    created: 1_700_000_200,
  },
  {
    id: 'cus_3',
    object: 'customer',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    phone: '+1 3',
    created: 1_700_000_300,
  },
];

describe('grounded template generator: the destination holds what the prompt asked for', () => {
  it('Stripe customers → HubSpot contacts: names split, fields in properties, every page read', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate('stripe customers to hubspot contacts', stripe, hubspot);
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expect(generated.operations).toEqual([
      { side: 'source', operationId: 'listCustomers', method: 'GET', path: '/v1/customers' },
      expect.objectContaining({
        side: 'destination',
        method: 'POST',
        path: '/crm/v3/objects/contacts',
      }),
    ]);
    expectSuccess(await run(generated.code, stripe, hubspot));
    expect(hubspot.written('contact').map((c) => c.properties)).toEqual([
      { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', phone: '+44 1' },
      { email: 'alan@example.com', firstname: 'Alan', lastname: 'Turing' },
      { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', phone: '+1 3' },
    ]);
    // Two records per page: the starting_after cursor was followed.
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(2);
  });

  it('a template in the prompt is filled per record, with its fallback for an empty field', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const slack = await mock(entry('slack'));
    const generated = generate(
      "Post every Stripe customer to #crm on Slack, formatted as: {name} ({email}) · phone: <phone, or 'none given' when missing>",
      stripe,
      slack,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, stripe, slack));
    expect(slack.written('message').map((m) => m.text)).toEqual([
      'Ada Lovelace (ada@example.com) · phone: +44 1',
      'Alan Turing (alan@example.com) · phone: none given',
      'Grace Hopper (grace@example.com) · phone: +1 3',
    ]);
  });

  it('Asana tasks → Trello cards, skipping cards already on the list', async () => {
    const tasks = [
      {
        gid: '11',
        name: 'Write launch post',
        notes: 'Draft in docs',
        completed: false,
        due_on: '2025-06-10',
        created_at: '2025-05-01T10:00:00.000Z',
        modified_at: '2025-05-01T10:00:00.000Z',
      },
      {
        gid: '12',
        name: 'Book venue',
        notes: '',
        completed: false,
        due_on: null,
        created_at: '2025-05-02T10:00:00.000Z',
        modified_at: '2025-05-02T10:00:00.000Z',
      },
      {
        gid: '13',
        name: 'Order swag',
        notes: 'Stickers',
        completed: false,
        due_on: null,
        created_at: '2025-05-03T10:00:00.000Z',
        modified_at: '2025-05-03T10:00:00.000Z',
      },
    ];
    const asana = await mock(entry('asana'), { task: tasks });
    const trello = await mock(entry('trello'), {
      card: [{ id: 'c1', name: 'Book venue', desc: '', idList: 'list42', closed: false }],
    });
    const generated = generate(
      'Add our Asana tasks from project 1201 to the Trello list 64f1c0ffee42 as cards. Skip ones that are already there.',
      asana,
      trello,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, asana, trello));
    expect(trello.written('card')).toEqual([
      expect.objectContaining({
        name: 'Write launch post',
        desc: 'Draft in docs',
        idList: '64f1c0ffee42',
        due: '2025-06-10T00:00:00.000Z',
      }),
      expect.objectContaining({ name: 'Order swag', desc: 'Stickers', idList: '64f1c0ffee42' }),
    ]);
    // The list the prompt named was read to find what is there already; project went to Asana.
    expect(
      trello.requests.some((r) => r.method === 'GET' && r.path === '/lists/64f1c0ffee42/cards'),
    ).toBe(true);
    expect(asana.requests[0]?.query.project).toBe('1201');
  });

  it('new Stripe customers since the last run: the cursor carries over, the second run sends only the new one', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers.slice(0, 2) });
    const hubspot = await mock(entry('hubspot'));
    const generated = generate(
      'Every 15 minutes, add new Stripe customers to HubSpot as contacts (only the ones created since the last run).',
      stripe,
      hubspot,
    );
    expect(generated.schedule).toEqual({ everyMinutes: 15 });
    const first = await run(generated.code, stripe, hubspot);
    expectSuccess(first);
    expect(hubspot.written('contact')).toHaveLength(2);
    stripe.seed('customer', [customers[2] as MockRecord]);
    const second = await run(generated.code, stripe, hubspot, first.state);
    expectSuccess(second);
    expect(hubspot.written('contact').map((c) => (c.properties as MockRecord).email)).toEqual([
      'ada@example.com',
      'alan@example.com',
      'grace@example.com',
    ]);
    // The list's own `since` parameter carried the cursor.
    expect(stripe.requests.at(-1)?.query['created[gt]']).toBe('1700000200');
  });

  it('only overdue Stripe invoices go to Slack #billing, one message each', async () => {
    const invoice = (id: string, status: string, due: number | null) => ({
      id,
      customer: 'cus_1',
      customer_email: 'ada@example.com',
      customer_name: 'Ada',
      number: `INV-${id}`,
      status,
      amount_due: 5000,
      amount_paid: 0,
      currency: 'usd',
      due_date: due,
      created: 1_700_000_000,
    });
    const june1 = Date.parse('2025-06-01T00:00:00Z') / 1000;
    const stripe = await mock(entry('stripe'), {
      invoice: [
        invoice('1', 'open', june1 - 86_400), // overdue
        invoice('2', 'open', june1 + 86_400), // not due yet
        invoice('3', 'paid', june1 - 86_400), // paid
        invoice('4', 'open', null), // no due date
        invoice('5', 'open', june1 - 10 * 86_400), // overdue
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate('Post each overdue invoice to #billing in Slack', stripe, slack);
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    const first = await run(generated.code, stripe, slack);
    expectSuccess(first);
    const messages = slack.written('message');
    expect(messages.map((m) => m.channel)).toEqual(['#billing', '#billing']);
    expect(String(messages[0]?.text)).toContain('INV-1');
    expect(String(messages[1]?.text)).toContain('INV-5');
    // The next run posts only what became overdue since: the ids posted are kept in state.
    stripe.seed('invoice', [invoice('6', 'open', june1 - 3600)]);
    expectSuccess(await run(generated.code, stripe, slack, first.state));
    expect(slack.written('message').map((m) => String(m.text).includes('INV-6'))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('Shopify orders over 100 → Google Sheets rows, appended in one request', async () => {
    const order = (id: number, total: string, email: string) => ({
      id,
      name: `#${id}`,
      order_number: id,
      email,
      created_at: '2025-05-01T00:00:00Z',
      updated_at: '2025-05-01T00:00:00Z',
      total_price: total,
      currency: 'EUR',
      financial_status: 'paid',
    });
    const shopify = await mock(entry('shopify'), {
      order: [
        order(1001, '150.00', 'a@x.io'),
        order(1002, '20.00', 'b@x.io'),
        order(1003, '300.50', 'c@x.io'),
      ],
    });
    const sheets = await mock(entry('google-sheets'));
    const generated = generate(
      'Copy Shopify orders where the total price is over 100 into spreadsheet 1AbCdEf123 as rows',
      shopify,
      sheets,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, shopify, sheets));
    const rows = sheets.written('range').map((r) => r.values as unknown[]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('#1001');
    expect(rows[0]).toContain('a@x.io');
    expect(rows[1]).toContain('#1003');
    expect(sheets.requests.at(-1)?.path).toBe('/v4/spreadsheets/1AbCdEf123/values/A1:append');
    expect(sheets.requests.at(-1)?.query.valueInputOption).toBe('USER_ENTERED');
  });

  it('Stripe invoices → Notion database pages with typed properties', async () => {
    const stripe = await mock(entry('stripe'), {
      invoice: [
        {
          id: 'in_1',
          number: 'INV-1',
          customer_email: 'ada@example.com',
          status: 'open',
          amount_due: 1200,
          currency: 'usd',
          due_date: 1_750_000_000,
          created: 1_700_000_000,
        },
      ],
    });
    const notion = await mock(entry('notion'));
    const generated = generate(
      'Copy our Stripe invoices into the Notion database 8a1b2c3d4e. Map number to Name, customer_email to Email, amount_due to Amount, status to Status.',
      stripe,
      notion,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, stripe, notion));
    expect(notion.written('page')).toEqual([
      expect.objectContaining({
        parent: { database_id: '8a1b2c3d4e' },
        properties: {
          Name: { title: [{ text: { content: 'INV-1' } }] },
          Email: { email: 'ada@example.com' },
          Amount: { number: 1200 },
          Status: { select: { name: 'open' } },
        },
      }),
    ]);
    expect(notion.requests.at(-1)?.headers['notion-version']).toBe('2022-06-28');
  });

  it('what it cannot resolve becomes TODOs and a NonRetryableError, and nothing is written', async () => {
    const asana = await mock(entry('asana'), {
      task: [{ gid: '1', name: 'A task', created_at: '2025-05-01T00:00:00Z' }],
    });
    const trello = await mock(entry('trello'));
    // Trello cards need a list id, and the prompt names only "our board".
    const generated = generate('add every new Asana task to our Trello board', asana, trello);
    expect(generated.unresolved.join('\n')).toMatch(/idList/);
    expect(generated.code).toMatch(/^\/\/ TODO: .*idList/m);
    const outcome = await run(generated.code, asana, trello);
    expect(outcome.result.status).not.toBe('success');
    expect(outcome.result.error?.message).toMatch(/idList/);
    expect(trello.writes).toEqual([]);
    expect(asana.requests).toEqual([]);
  });

  it('a form-encoded destination (Stripe) gets url-encoded bodies it accepts', async () => {
    const hubspot = await mock(entry('hubspot'), {
      contact: [
        {
          id: '1',
          properties: {
            email: 'ada@example.com',
            firstname: 'Ada',
            lastname: 'Lovelace',
            phone: '1',
          },
          createdAt: '2025-05-01T00:00:00Z',
          updatedAt: '2025-05-01T00:00:00Z',
        },
      ],
    });
    const stripe = await mock(entry('stripe'));
    const generated = generate('hubspot contacts -> stripe customers', hubspot, stripe);
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, hubspot, stripe));
    expect(stripe.written('customer')).toEqual([
      expect.objectContaining({ email: 'ada@example.com', name: 'Ada Lovelace', phone: '1' }),
    ]);
    expect(stripe.requests.at(-1)?.headers['content-type']).toContain(
      'application/x-www-form-urlencoded',
    );
  });
  it('Zendesk tickets → Linear issues: a GraphQL mutation with the team the prompt names', async () => {
    const zendesk = await mock(entry('zendesk'), {
      ticket: [
        {
          id: 1,
          subject: 'Printer on fire',
          description: 'Very colourful',
          status: 'open',
          created_at: '2025-05-01T00:00:00Z',
          updated_at: '2025-05-01T00:00:00Z',
        },
        {
          id: 2,
          subject: 'Login fails',
          description: 'Since Monday',
          status: 'open',
          created_at: '2025-05-02T00:00:00Z',
          updated_at: '2025-05-02T00:00:00Z',
        },
        {
          id: 3,
          subject: 'Old one',
          description: 'Done',
          status: 'solved',
          created_at: '2025-05-03T00:00:00Z',
          updated_at: '2025-05-03T00:00:00Z',
        },
      ],
    });
    const linear = await mock(entry('linear'));
    const generated = generate(
      'open zendesk tickets -> linear issues for team 7c1e2f',
      zendesk,
      linear,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, zendesk, linear));
    expect(linear.writes.map((w) => w.body)).toEqual([
      { input: { teamId: '7c1e2f', title: 'Printer on fire', description: 'Very colourful' } },
      { input: { teamId: '7c1e2f', title: 'Login fails', description: 'Since Monday' } },
    ]);
  });

  it('HubSpot contacts → Salesforce contacts, skipping emails already there (SOQL, next-url pages)', async () => {
    const contact = (id: string, email: string, first: string, last: string) => ({
      id,
      properties: { email, firstname: first, lastname: last },
      createdAt: '2025-05-01T00:00:00Z',
      updatedAt: '2025-05-01T00:00:00Z',
    });
    const hubspot = await mock(entry('hubspot'), {
      contact: [
        contact('1', 'ada@example.com', 'Ada', 'Lovelace'),
        contact('2', 'alan@example.com', 'Alan', 'Turing'),
        contact('3', 'grace@example.com', 'Grace', 'Hopper'),
      ],
    });
    const salesforce = await mock(entry('salesforce'), {
      contact: [
        { Id: '003A', FirstName: 'X', LastName: 'Y', Email: 'someone@example.com' },
        { Id: '003B', FirstName: 'X', LastName: 'Y', Email: 'other@example.com' },
        { Id: '003C', FirstName: 'Alan', LastName: 'Turing', Email: 'ALAN@example.com' },
      ],
    });
    const generated = generate(
      'Sync HubSpot contacts to Salesforce contacts, skip ones that already exist',
      hubspot,
      salesforce,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, hubspot, salesforce));
    expect(salesforce.written('contact')).toEqual([
      expect.objectContaining({ FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' }),
      expect.objectContaining({
        FirstName: 'Grace',
        LastName: 'Hopper',
        Email: 'grace@example.com',
      }),
    ]);
    // The existing contacts were read over two pages, the second through nextRecordsUrl.
    expect(salesforce.requests.filter((r) => r.method === 'GET').length).toBe(2);
  });

  it('Stripe customers → Intercom contacts: a contact on file already is updated in place, the rest created', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const intercom = await mock(entry('intercom'), {
      contact: [
        { type: 'contact', id: 'ic_9', role: 'user', email: 'someone@example.com', name: 'X' },
        { type: 'contact', id: 'ic_7', role: 'user', email: 'Alan@example.com', name: 'A. T.' },
      ],
    });
    const generated = generate(
      'Each night, bring Stripe customers into Intercom as contacts; where a contact with that email is on file already, refresh it rather than adding a second one.',
      stripe,
      intercom,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, stripe, intercom));
    expect(intercom.writes.map((w) => w.kind)).toEqual(['create', 'update', 'create']);
    expect(intercom.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/contacts/ic_7',
    ]);
    expect(intercom.records('contact').map((c) => [c.id, c.email, c.name])).toEqual([
      ['ic_9', 'someone@example.com', 'X'],
      ['ic_7', 'alan@example.com', 'Alan Turing'],
      [expect.any(String), 'ada@example.com', 'Ada Lovelace'],
      [expect.any(String), 'grace@example.com', 'Grace Hopper'],
    ]);
  });

  it('Stripe customers → Intercom contacts: "refresh the existing ones" updates matches and creates nothing', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const intercom = await mock(entry('intercom'), {
      contact: [
        { type: 'contact', id: 'ic_7', role: 'user', email: 'alan@example.com', name: 'A' },
      ],
    });
    const generated = generate(
      'Refresh the existing Intercom contacts from our Stripe customers, matched on email.',
      stripe,
      intercom,
    );
    expect(generated.unresolved).toEqual([]);
    const outcome = await run(generated.code, stripe, intercom);
    expectSuccess(outcome);
    expect(intercom.writes.map((w) => w.kind)).toEqual(['update']);
    expect(outcome.result.data).toMatchObject({ sent: 1, skipped: 2 });
  });

  it('GitHub issues → Slack: a label that leaves issues out, and one without a body left out too', async () => {
    const issue = (number: number, labels: string[], body: string | null) => ({
      id: 100 + number,
      number,
      title: `Issue ${number}`,
      body,
      state: 'open',
      html_url: `https://github.com/octo/app/issues/${number}`,
      user: { login: 'ada' },
      labels: labels.map((name) => ({ name })),
      created_at: `2025-05-0${number}T00:00:00Z`,
      updated_at: `2025-05-0${number}T00:00:00Z`,
    });
    const github = await mock(entry('github'), {
      issue: [
        issue(1, ['bug'], 'Crash on save'),
        issue(2, ['bug', 'Internal'], 'Team only'),
        issue(3, [], ''),
        issue(4, [], 'Typo on the pricing page'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Send each GitHub issue in octo/app to Slack #triage as "{title}", leaving out anything labelled internal; issues with an empty body are useless, skip them.',
      github,
      slack,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, github, slack));
    expect(slack.written('message').map((m) => m.text)).toEqual(['Issue 1', 'Issue 4']);
  });

  it('new PagerDuty incidents → Statuspage incidents: offset pages, a wrapped body, the page id', async () => {
    const incident = (n: number, status: string) => ({
      id: `P${n}`,
      incident_number: n,
      title: `Outage ${n}`,
      description: `Details ${n}`,
      status,
      created_at: `2025-05-0${n}T00:00:00Z`,
      updated_at: `2025-05-0${n}T00:00:00Z`,
    });
    const pagerduty = await mock(entry('pagerduty'), {
      incident: [incident(1, 'triggered'), incident(2, 'resolved'), incident(3, 'triggered')],
    });
    const statuspage = await mock(entry('statuspage'));
    const generated = generate(
      'When PagerDuty has a new incident, create an incident on Statuspage page 7ykq2',
      pagerduty,
      statuspage,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    const first = await run(generated.code, pagerduty, statuspage);
    expectSuccess(first);
    expect(statuspage.writes.map((w) => w.body)).toEqual([
      { incident: { name: 'Outage 1', body: 'Details 1' } },
      { incident: { name: 'Outage 2', status: 'resolved', body: 'Details 2' } },
      { incident: { name: 'Outage 3', body: 'Details 3' } },
    ]);
    expect(statuspage.requests.at(-1)?.path).toBe('/pages/7ykq2/incidents');
    // Nothing new: the second run writes nothing.
    const second = await run(generated.code, pagerduty, statuspage, first.state);
    expectSuccess(second);
    expect(statuspage.writes).toHaveLength(3);
  });

  it('Stripe customers → Airtable records in batches within its limit of 10', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `cus_${i + 10}`,
      email: `p${i}@example.com`,
      name: `Person ${i}`,
      created: 1_700_000_000 + i,
    }));
    const stripe = await mock(entry('stripe'), { customer: many }, 5);
    const airtable = await mock(entry('airtable'));
    const generated = generate(
      'Copy Stripe customers into Airtable base app1x2y3 table tbl9z8 in bulk. Map name to Name, email to Email.',
      stripe,
      airtable,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, stripe, airtable));
    expect(airtable.writes.map((w) => w.records.length)).toEqual([10, 2]);
    expect(airtable.written('record')[0]).toEqual(
      expect.objectContaining({ fields: { Name: 'Person 0', Email: 'p0@example.com' } }),
    );
    expect(airtable.requests.at(-1)?.path).toBe('/v0/app1x2y3/tbl9z8');
  });
  it("every morning, yesterday's Shopify orders → our Google Sheet (a day window, the sheet id by its alias)", async () => {
    const order = (id: number, created: string) => ({
      id,
      name: `#${id}`,
      email: `${id}@x.io`,
      created_at: created,
      updated_at: created,
      total_price: '10.00',
      currency: 'EUR',
    });
    const shopify = await mock(entry('shopify'), {
      order: [
        order(1, '2025-05-30T23:59:00Z'), // the day before yesterday
        order(2, '2025-05-31T08:00:00Z'), // yesterday
        order(3, '2025-05-31T22:30:00Z'), // yesterday
        order(4, '2025-06-01T00:00:00Z'), // today
      ],
    });
    const sheets = await mock(entry('google-sheets'));
    const generated = generate(
      "every morning copy yesterday's shopify orders into our google sheet 1xYz9",
      shopify,
      sheets,
    );
    expect(generated.unresolved).toEqual([]);
    expect(generated.schedule).toEqual({ everyMinutes: 1440 });
    expectSuccess(await run(generated.code, shopify, sheets));
    expect(sheets.written('range').map((r) => (r.values as unknown[])[1])).toEqual(['#2', '#3']);
    expect(sheets.requests.at(-1)?.path).toBe('/v4/spreadsheets/1xYz9/values/A1:append');
  });
  it('ids given by name are looked up: the Trello list "To Do" on a board, #billing in a Teams team', async () => {
    const asana = await mock(entry('asana'), {
      task: [{ gid: '1', name: 'Ship it', notes: 'Friday', created_at: '2025-05-01T00:00:00Z' }],
    });
    const trello = await mock(entry('trello'), {
      list: [
        { id: 'L1', name: 'Backlog', idBoard: 'b1', closed: false },
        { id: 'L2', name: 'To Do', idBoard: 'b1', closed: false },
      ],
    });
    const toTrello = generate(
      "Add Asana tasks as cards to the list 'To Do' on our Trello board 5f1b2c3",
      asana,
      trello,
    );
    expect(toTrello.unresolved).toEqual([]);
    expect(toTrello.warnings).toEqual([]);
    expectSuccess(await run(toTrello.code, asana, trello));
    expect(trello.written('card')).toEqual([
      expect.objectContaining({ name: 'Ship it', desc: 'Friday', idList: 'L2' }),
    ]);
    expect(trello.requests[0]?.path).toBe('/boards/5f1b2c3/lists');

    const stripe = await mock(entry('stripe'), {
      invoice: [
        {
          id: 'in_1',
          number: 'INV-1',
          status: 'open',
          amount_due: 900,
          due_date: 1_700_000_000,
          created: 1_690_000_000,
        },
      ],
    });
    const teams = await mock(entry('microsoft-teams'), {
      channel: [
        { id: '19:general@thread', displayName: 'General' },
        { id: '19:billing@thread', displayName: 'Billing' },
      ],
    });
    const toTeams = generate(
      'Post overdue Stripe invoices to #billing in our Teams team 9f3e1a',
      stripe,
      teams,
    );
    expect(toTeams.unresolved).toEqual([]);
    expect(toTeams.warnings).toEqual([]);
    expectSuccess(await run(toTeams.code, stripe, teams));
    expect(teams.requests.at(-1)?.path).toBe('/teams/9f3e1a/channels/19:billing@thread/messages');
    expect(teams.writes[0]?.body).toEqual({ body: { content: expect.stringContaining('INV-1') } });
  });

  it('Form answers → sheet rows: typed answers spread into cells; a row nothing fills is refused', async () => {
    const answer = (type: string, value: unknown, ref: string) => ({
      field: { id: ref, type, ref },
      type,
      [type]: value,
    });
    const typeform = await mock(entry('typeform'), {
      response: [
        {
          response_id: 'sub-1',
          token: 'sub-1',
          submitted_at: '2025-05-30T10:00:00Z',
          answers: [
            answer('text', 'Grace Hopper', 'who'),
            answer('email', 'grace@navy.example', 'mail'),
            answer('choice', { label: 'Enterprise' }, 'plan'),
          ],
        },
      ],
    });
    const sheets = await mock(entry('google-sheets'));
    const generated = generate(
      'copy every typeform submission of form Qw12 into spreadsheet 9zYx8wVu7t as rows',
      typeform,
      sheets,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, typeform, sheets));
    const rows = sheets.writes.flatMap((w) => (w.body as { values: unknown[][] }).values);
    expect(rows).toEqual([
      ['sub-1', '2025-05-30T10:00:00Z', 'Grace Hopper', 'grace@navy.example', 'Enterprise'],
    ]);

    // A source whose records have no field a column can take: refused, never `[[]]`.
    const bare = structuredClone(entry('typeform'));
    const resource = bare.resources.find((r) => r.name === 'response')!;
    resource.schema = { type: 'object', properties: { blob: { type: 'object' } } };
    resource.idField = 'blob';
    resource.createdField = undefined;
    const bareMock = await mock(bare, { response: [{ blob: {} }] });
    const refused = generate(
      'copy typeform submissions of form Qw12 into spreadsheet 9zYx8wVu7t',
      bareMock,
      sheets,
    );
    expect(refused.unresolved.join()).toMatch(/columns/);
    const outcome = await run(refused.code, bareMock, sheets);
    expect(outcome.result.status).toBe('failed');
    expect(outcome.result.error?.name).toBe('NonRetryableError');
    expect(sheets.writes).toHaveLength(1);
  });

  it('a channel named in a team nobody named: the team, then its channel, are looked up', async () => {
    const stripe = await mock(entry('stripe'), {
      invoice: [
        { id: 'in_9', number: 'INV-9', status: 'open', amount_due: 400, due_date: 1_700_000_000 },
      ],
    });
    const teams = await mock(entry('microsoft-teams'), {
      team: [{ id: 't-77', displayName: 'Finance' }],
      channel: [
        { id: '19:general@thread', displayName: 'General' },
        { id: '19:collections@thread', displayName: 'Collections' },
      ],
    });
    const generated = generate(
      'let #collections on Microsoft Teams know about every overdue stripe invoice',
      stripe,
      teams,
    );
    expect(generated.code).toContain('const MISSING = [];');
    expectSuccess(await run(generated.code, stripe, teams));
    expect(teams.requests.at(-1)?.path).toBe('/teams/t-77/channels/19:collections@thread/messages');
    expect(teams.requests.map((r) => r.path)).toContain('/teams/t-77/channels');
  });

  it('amounts written as text ("1,240.0000") compare as numbers; a slack message per big order', async () => {
    const order = (id: number, total: string) => ({
      id,
      status: 'Awaiting Fulfillment',
      total_inc_tax: total,
      date_created: 'Mon, 02 Jun 2025 10:00:00 +0000',
    });
    const bigcommerce = await mock(entry('bigcommerce'), {
      order: [
        order(1, '99.5000'),
        order(2, '150.0000'),
        order(3, '1,240.0000'),
        order(4, '$300.00'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'bigcommerce orders above 150 dollars -> slack #sales',
      bigcommerce,
      slack,
    );
    expect(generated.code).toContain('const MISSING = [];');
    expectSuccess(await run(generated.code, bigcommerce, slack));
    const texts = slack.written('message').map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toMatch(/order: 3\b/);
    expect(texts.join('\n')).toMatch(/order: 4\b/);
  });
});
