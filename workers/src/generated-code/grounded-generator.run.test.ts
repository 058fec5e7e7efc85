import { describe, expect, it } from 'vitest';
import {
  customers,
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// The grounded template generator's code must leave the destination holding exactly what the
// prompt asked for (docs/decisions/015-grounded-generation.md). Each case generates code from a
// prompt over catalog descriptions, runs it in the real sandbox against loopback servers that
// behave as those descriptions say (pagination, validation, auth), and reads what the
// destination stored. These cases are about what is written: fields, filters, templates and the
// shape of each request; grounded-generator-lookups.run.test.ts has those that read first.

useSandbox();

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

  it('a task due on a day is overdue once that day has ended, and one with no date never is', async () => {
    const task = (gid: string, name: string, due: string | null) => ({
      gid,
      resource_type: 'task',
      name,
      completed: false,
      due_on: due,
      permalink_url: `https://app.asana.com/0/1/${gid}`,
      created_at: '2025-05-01T00:00:00.000Z',
      modified_at: '2025-05-01T00:00:00.000Z',
    });
    const asana = await mock(entry('asana'), {
      task: [
        task('1', 'Due yesterday', '2025-05-31'),
        task('2', 'Due today', '2025-06-01'),
        task('3', 'Due tomorrow', '2025-06-02'),
        task('4', 'No date', null),
      ],
    });
    const todoist = await mock(entry('todoist'));
    const generated = generate(
      'Copy overdue tasks of Asana project 1201234567890123 to Todoist. Tasks with no due date are not overdue.',
      asana,
      todoist,
    );
    // Mid-afternoon: a task due today is not overdue until the day is over.
    expectSuccess(await run(generated.code, asana, todoist, {}, '2025-06-01T15:00:00.000Z'));
    expect(todoist.written('task').map((t) => t.content)).toEqual(['Due yesterday']);
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

  it('a row’s columns follow the samples and formats in brackets, days as the shop dates them', async () => {
    const shopify = await mock(entry('shopify'), {
      order: [
        {
          id: 7001,
          name: '#2210',
          order_number: 2210,
          email: 'late@x.io',
          // Late in the evening in the shop's zone: already the next day in UTC.
          created_at: '2026-03-04T22:40:00-05:00',
          total_price: '12.00',
        },
      ],
    });
    const sheets = await mock(entry('google-sheets'));
    const generated = generate(
      'Append a row to spreadsheet 1AbCdEf123 for every Shopify order. Columns: Ref (for example "#2210"), Buyer (their email), Created (YYYY-MM-DD).',
      shopify,
      sheets,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, shopify, sheets));
    expect(sheets.written('range').map((r) => r.values)).toEqual([
      ['#2210', 'late@x.io', '2026-03-04'],
    ]);
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
          // Stripe counts in cents; a database column is read by people, in whole units.
          Amount: { number: 12 },
          Status: { select: { name: 'open' } },
        },
      }),
    ]);
    expect(notion.requests.at(-1)?.headers['notion-version']).toBe('2022-06-28');
  });

  it('a Notion database’s own property types win over those guessed from the names', async () => {
    const github = await mock(entry('github'), {
      issue: [
        {
          id: 1,
          number: 7,
          title: 'Login loops',
          state: 'open',
          html_url: 'https://github.com/octo/tools/issues/7',
          user: { login: 'ada' },
          labels: [],
          created_at: '2025-05-01T00:00:00Z',
          updated_at: '2025-05-01T00:00:00Z',
        },
      ],
    });
    const notion = await mock(entry('notion'), {
      database: [
        {
          object: 'database',
          id: '5e6f7a8b9c',
          properties: {
            Headline: { id: 'title', type: 'title' },
            Reporter: { id: 'a1', type: 'select' },
            Link: { id: 'a2', type: 'rich_text' },
          },
        },
      ],
    });
    const generated = generate(
      'Each GitHub issue of octo/tools becomes a page in Notion database 5e6f7a8b9c; fill in Headline (the title), Reporter (the user login) and Link (html url).',
      github,
      notion,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, github, notion));
    expect(notion.written('page')[0]?.properties).toEqual({
      Headline: { title: [{ text: { content: 'Login loops' } }] },
      Reporter: { select: { name: 'ada' } },
      Link: { rich_text: [{ text: { content: 'https://github.com/octo/tools/issues/7' } }] },
    });
  });

  it('a day goes to a Notion date as a day, and a username is the person’s login', async () => {
    const github = await mock(entry('github'), {
      issue: [
        {
          id: 2,
          number: 12,
          title: 'Dark mode flickers',
          state: 'open',
          html_url: 'https://github.com/octo/tools/issues/12',
          user: { login: 'grace-h' },
          labels: [],
          created_at: '2025-05-03T17:45:00Z',
          updated_at: '2025-05-03T17:45:00Z',
        },
      ],
    });
    const notion = await mock(entry('notion'), {
      database: [
        {
          object: 'database',
          id: '7c8d9e0f1a',
          properties: {
            Title: { id: 'title', type: 'title' },
            Opened: { id: 'b1', type: 'date' },
            Who: { id: 'b2', type: 'rich_text' },
          },
        },
      ],
    });
    const generated = generate(
      'Log each GitHub issue of octo/tools in Notion database 7c8d9e0f1a, with Title = the issue title, Opened = the day it was created (only the date), Who = their username.',
      github,
      notion,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, github, notion));
    expect(notion.written('page')[0]?.properties).toEqual({
      Title: { title: [{ text: { content: 'Dark mode flickers' } }] },
      Opened: { date: { start: '2025-05-03' } },
      Who: { rich_text: [{ text: { content: 'grace-h' } }] },
    });
  });

  it('a batch upsert is told in its body which field it matches on', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const zoho = await mock(entry('zoho-crm'));
    const generated = generate(
      'Send Stripe customers to Zoho CRM as contacts, in batches; update the contact if it already exists.',
      stripe,
      zoho,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, stripe, zoho));
    const upsert = zoho.requests.find((r) => r.method === 'POST' && r.path.endsWith('/upsert'));
    expect(upsert?.body).toMatchObject({ duplicate_check_fields: ['Email'] });
    expect((upsert?.body as { data?: unknown[] })?.data?.length).toBe(customers.length);
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

  it('a record the destination refuses stops the run, unless the prompt says to log it and go on', async () => {
    const tickets = [
      { id: 1, subject: 'Printer jam', description: 'Tray 2', priority: 'high', status: 'open' },
      { id: 2, subject: 'VPN down', priority: 'high', status: 'open' },
      { id: 3, subject: 'New laptop', description: 'For Sam', priority: 'low', status: 'open' },
    ];
    const prompts = {
      stops: 'Copy each Zendesk ticket to our second Zendesk account.',
      goesOn:
        'Copy each Zendesk ticket to our second Zendesk account. A few may fail validation over there; if so, log the error and continue.',
    };
    const outcomes: Record<
      string,
      { status: string; error: string; subjects: unknown[]; logs: string }
    > = {};
    for (const [name, prompt] of Object.entries(prompts)) {
      const source = await mock(entry('zendesk'), { ticket: tickets });
      const destination = await mock(entry('zendesk'));
      const generated = generate(prompt, source, destination);
      const outcome = await run(generated.code, source, destination);
      outcomes[name] = {
        status: outcome.result.status,
        error: outcome.result.error?.message ?? '',
        subjects: destination.written('ticket').map((t) => t.subject),
        logs: outcome.result.logs.map((l) => l.message).join('\n'),
      };
    }
    // The refused ticket (no description, which the new ticket's first comment needs) ends the
    // run there.
    expect(outcomes.stops?.status).not.toBe('success');
    expect(outcomes.stops?.error).toMatch(/refused a record \(400\)/);
    expect(outcomes.stops?.subjects).toEqual(['Printer jam']);
    // Asked to go on, it is logged and the rest are written.
    expect(outcomes.goesOn?.status).toBe('success');
    expect(outcomes.goesOn?.subjects).toEqual(['Printer jam', 'New laptop']);
    expect(outcomes.goesOn?.logs).toMatch(/refused a record \(400\), skipped as the prompt asks/);
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
    expect(slack.written('message').map((m) => m.text)).toEqual([1, 4].map((n) => `Issue ${n}`));
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
