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
import type { MockRecord } from '../../../scripts/test-support/description-mock-server.ts';

// The grounded template generator's code, run in the real sandbox against loopback servers that
// behave as catalog descriptions say, in the cases where it must read before it writes: records
// the destination holds already, the cursor the last run left, and ids the prompt gives by name
// (docs/decisions/015-grounded-generation.md).

useSandbox();

describe('grounded template generator: it reads what is there before it writes', () => {
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

  it('a field of a related record (the charge’s customer) is read once per id and written', async () => {
    const charge = (id: string, customer: string | null, status: string) => ({
      id,
      object: 'charge',
      amount: 4900,
      currency: 'usd',
      status,
      customer,
      description: `Order ${id}`,
      receipt_email: 'receipts@shop.example',
      failure_message: status === 'failed' ? 'Your card was declined.' : null,
      created: 1_748_000_000,
    });
    const stripe = await mock(entry('stripe'), {
      customer: customers,
      charge: [
        charge('ch_1', 'cus_1', 'failed'),
        charge('ch_2', 'cus_2', 'succeeded'),
        charge('ch_3', 'cus_1', 'failed'),
        charge('ch_4', 'cus_3', 'failed'),
      ],
    });
    const zendesk = await mock(entry('zendesk'));
    const generated = generate(
      'Raise a Zendesk ticket for every failed Stripe charge, with the customer email as the requester email, the description as the subject and the failure_message as the comment body.',
      stripe,
      zendesk,
    );
    expect(generated.warnings).toEqual([]);
    expect(generated.operations).toContainEqual(
      expect.objectContaining({ side: 'source', operationId: 'getCustomer' }),
    );
    expectSuccess(await run(generated.code, stripe, zendesk));
    expect(
      zendesk.written('ticket').map((t) => [t.subject, (t.requester as { email: string }).email]),
    ).toEqual([
      ['Order ch_1', 'ada@example.com'],
      ['Order ch_3', 'ada@example.com'],
      ['Order ch_4', 'grace@example.com'],
    ]);
    // Once per customer, and only for the charges written.
    const gets = stripe.requests.filter((r) => r.path.startsWith('/v1/customers/'));
    expect(gets.map((r) => r.path)).toEqual(['/v1/customers/cus_1', '/v1/customers/cus_3']);
  });

  it('a container named for the destination is looked up, in a list answered as a bare array', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers.slice(0, 2) });
    // Todoist's REST v2, which a base URL ending in /rest/v2 names, lists projects as a bare
    // array; the catalog describes the newer API's { results, next_cursor } page.
    const described = entry('todoist');
    const v2 = structuredClone(described);
    const projects = v2.resources.find((r) => r.name === 'project')!;
    for (const op of projects.operations.filter((o) => o.kind === 'list')) {
      op.itemsPath = '';
      op.pagination = { style: 'none' };
    }
    const todoist = await mock(v2, {
      project: [
        { id: '70', name: 'Inbox' },
        { id: '71', name: 'Onboarding calls' },
      ],
    });
    const generated = generate(
      'Each Stripe customer gets a Todoist task "Call <name>" in the "Onboarding calls" project.',
      stripe,
      { ...todoist, description: described },
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, stripe, todoist));
    expect(todoist.written('task').map((t) => [t.content, t.project_id])).toEqual([
      ['Call Ada Lovelace', '71'],
      ['Call Alan Turing', '71'],
    ]);
  });

  it('a GraphQL container named by name is looked up with its query document', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers.slice(0, 1) });
    const linear = await mock(entry('linear'), {
      team: [
        { id: 'team-a', key: 'OPS', name: 'Ops' },
        { id: 'team-b', key: 'GRW', name: 'Growth' },
      ],
    });
    const generated = generate(
      'Each Stripe customer becomes a Linear issue titled with their name, for the team named "Growth".',
      stripe,
      linear,
    );
    expect(generated.warnings).toEqual([]);
    expectSuccess(await run(generated.code, stripe, linear));
    expect(linear.writes.map((w) => w.body)).toEqual([
      { input: expect.objectContaining({ teamId: 'team-b', title: 'Ada Lovelace' }) },
    ]);
  });
});
