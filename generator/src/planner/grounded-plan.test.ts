import { loadCatalog } from '@patchbay/catalog';
import { checkCalls } from '@patchbay/catalog/check-calls';
import type { TApiDescription, TParameter } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { entry, plan } from './catalog-plan.test-support.ts';
import { checkSyntax } from '@patchbay/runtime/check-syntax';
import { describeOperationsForPrompt } from '../compact-operations.ts';
import { conceptOf, matchField } from './field-match.ts';
import { documentedHeaderValue } from './choose-operations.ts';
import { inMinorUnits } from './amount-units.ts';
import { stateMatch } from './state-words.ts';
import { statedMappings } from './stated-mappings.ts';
import { idFromPrompt, nameFromPrompt, pathParamsFromUrl } from './prompt-ids.ts';
import { generateTemplateCode } from '../template-generator.ts';

// The grounded reading (ADR 015) without the sandbox: what it picks from a prompt, and that every
// program it writes over the catalog parses and calls only described operations.

describe('grounded plan: base URLs typed the way vendors document them', () => {
  // Each description's own base URL, a bare origin, and the API behind a gateway path: the
  // code's paths must land on the described endpoints from each of them, never doubled.
  const forms = (description: TApiDescription): string[] => {
    const concrete = description.baseUrl.replace(/\{[^}]+\}/g, 'acme');
    const { origin, pathname } = new URL(concrete);
    return [
      concrete,
      origin,
      `https://gateway.corp.test/upstream${pathname === '/' ? '' : pathname}`,
    ];
  };

  it('writes paths that fit the description from every form of the base URL', () => {
    for (const source of loadCatalog().slice(0, 24)) {
      const destination = entry(source.id === 'slack' ? 'github' : 'slack');
      for (const sourceApiUrl of forms(source)) {
        const result = generateTemplateCode(
          {
            sourceApiName: source.name,
            sourceApiUrl,
            sourceAuthType: 'bearer',
            destApiName: destination.name,
            destApiUrl: destination.baseUrl,
            destAuthType: 'bearer',
            userPrompt: `post each new ${source.resources[0]!.name} from ${source.name} to ${destination.name} channel C0123`,
          },
          { source, destination },
        );
        const { calls, warnings } = checkCalls(result.code, {
          source: { description: source, baseUrl: sourceApiUrl },
          destination: { description: destination, baseUrl: destination.baseUrl },
        });
        expect(
          warnings.filter((w) => w.code === 'UNKNOWN_PATH'),
          sourceApiUrl,
        ).toEqual([]);
        for (const call of calls) {
          // `_` stands for a path parameter the prompt did not give; a real segment twice is the
          // bug, unless the vendor's own path repeats it (FreshBooks' `/invoices/invoices`).
          const doubled = /\/([^/_][^/]*)\/\1\//.exec(
            `${new URL(sourceApiUrl).pathname}${call.path}/`,
          );
          const described = doubled && `${call.path}/`.includes(`/${doubled[1]}/${doubled[1]}/`);
          expect(described ? null : doubled, `${sourceApiUrl} + ${call.path}`).toBeNull();
        }
      }
    }
  });
});

describe('grounded plan', () => {
  it('every program over catalog pairs parses, and unblocked ones call only described operations', () => {
    const catalog = loadCatalog();
    expect(catalog.length).toBeGreaterThan(10);
    for (const [i, source] of catalog.entries()) {
      for (const destination of [1, 2, 3].map((k) => catalog[(i + k) % catalog.length]!)) {
        for (const prompt of [
          `${source.name} -> ${destination.name}`,
          `copy new ${source.resources[0]!.plural} from ${source.name} to ${destination.name} list 12ab, skip ones already there`,
        ]) {
          const result = generateTemplateCode(
            {
              sourceApiName: source.name,
              sourceApiUrl: 'https://source.test',
              sourceAuthType: 'bearer',
              destApiName: destination.name,
              destApiUrl: 'https://destination.test',
              destAuthType: 'bearer',
              userPrompt: prompt,
            },
            { source, destination },
          );
          const parsed = checkSyntax(result.code);
          expect(parsed.ok, `${prompt}: ${JSON.stringify(parsed)}`).toBe(true);
          if (!result.code.includes('const MISSING = [];')) {
            // Refused: the reasons are in unresolved and at the top of the code.
            expect(result.unresolved.length).toBeGreaterThan(0);
            expect(result.code).toMatch(/^\/\/ TODO: /m);
            continue;
          }
          // Checked against the base URLs the code was generated for, as the review page does.
          const { warnings } = checkCalls(result.code, {
            source: { description: source, baseUrl: 'https://source.test' },
            destination: { description: destination, baseUrl: 'https://destination.test' },
          });
          expect(warnings, prompt).toEqual([]);
        }
      }
    }
  });

  it('picks resources from nouns, "as …" and aliases, and ids from the words before them', () => {
    const trello = plan(
      'Add Asana tasks from project 1201 to the Trello list 64f1c0ffee42 as cards',
      'asana',
      'trello',
    );
    expect(trello.source?.resource.name).toBe('task');
    expect(trello.source?.query).toMatchObject({ project: '1201' });
    expect(trello.destination?.resource.name).toBe('card');
    expect(trello.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'idList', value: '64f1c0ffee42' }),
    );
    // Terse: Trello calls tasks cards (an alias), and the list id is missing.
    const terse = plan('asana -> trello', 'asana', 'trello');
    expect(terse.destination?.resource.name).toBe('card');
    expect(terse.blocking.join()).toMatch(/idList/);
    // The API's own name is not a resource ("typeform" is also Typeform's forms).
    expect(
      plan('typeform responses to airtable', 'typeform', 'airtable').source?.resource.name,
    ).toBe('response');
    expect(idFromPrompt('post to channel "release notes"', ['channel'])).toBeUndefined();
    expect(nameFromPrompt('post to channel "release notes"', ['channel'])).toBe('release notes');
    expect(nameFromPrompt("cards on the list named 'To Do'", ['list'])).toBe('To Do');
    expect(idFromPrompt('our list of things', ['list'])).toBeUndefined();
  });

  it('reads an id written as "<noun> id <value>", whatever the case and punctuation', () => {
    expect(
      idFromPrompt('the Budget workbook (Spreadsheet ID: 9zzBudgetQ4abc)', ['spreadsheet']),
    ).toBe('9zzBudgetQ4abc');
    expect(idFromPrompt('file them under project gid 4445556667', ['project'])).toBe('4445556667');
    expect(idFromPrompt('our Roadmap db, database id=77aa01ff, please', ['database'])).toBe(
      '77aa01ff',
    );
    // A word after "id" that is not a value gives nothing rather than the word "id".
    expect(idFromPrompt('each form id we know of', ['form'])).toBeUndefined();
    // In a whole plan: a sheet named by id in a parenthesis receives the rows.
    const rows = plan(
      'Put every new Stripe customer as a row in the Signups workbook (spreadsheet id 1AbcSignups77) please',
      'stripe',
      'google-sheets',
    );
    expect(rows.destination?.pathParams.spreadsheetId).toBe('1AbcSignups77');
    expect(rows.blocking).toEqual([]);
    expect(idFromPrompt('the Ops db (id 5e5e5e5e) holds them', ['db'])).toBe('5e5e5e5e');
  });

  it('takes a noun after a quoted name for a container, not for what the records become', () => {
    const tasks = plan(
      'for every new Stripe customer add a Todoist task "Call <name>" to the "Onboarding" project',
      'stripe',
      'todoist',
    );
    expect(tasks.destination?.resource.name).toBe('task');
  });

  it('reads a name written before its noun: quoted, or in capitals that are not the API name', () => {
    expect(nameFromPrompt('append them to the ‘Refunds’ tab', ['tab'])).toBe('Refunds');
    expect(nameFromPrompt('into the "Vendor list" table of base app9', ['table'])).toBe(
      'Vendor list',
    );
    const named = plan(
      'Whenever it runs, add each new HubSpot contact to our Partner Leads table in Airtable base appZ9partners',
      'hubspot',
      'airtable',
    );
    expect(named.destination?.pathParams).toEqual({
      baseId: 'appZ9partners',
      tableIdOrName: 'Partner Leads',
    });
    // "the Airtable table" is the API's name, not the table's.
    const unnamed = plan(
      'add each new HubSpot contact to the Airtable table in base appZ9partners',
      'hubspot',
      'airtable',
    );
    expect(unnamed.destination?.pathParams.tableIdOrName).toBeUndefined();
  });

  it('reads filters on the schema: overdue, tagged, excluding, amounts, adjectives', () => {
    const overdue = plan('only overdue invoices to slack #billing', 'stripe', 'slack');
    expect(overdue.filters.map((f) => [f.field, f.op])).toEqual([
      ['due_date', 'before-now'],
      ['status', 'not-in'],
    ]);
    const amount = plan(
      'stripe invoices where the amount due is over 100 to hubspot deals',
      'stripe',
      'hubspot',
    );
    expect(amount.filters).toContainEqual(
      expect.objectContaining({ field: 'amount_due', op: 'gt', value: 10_000 }),
    );
    const tagged = plan(
      'zendesk tickets tagged urgent, excluding closed ones, to slack #support',
      'zendesk',
      'slack',
    );
    expect(tagged.filters.map((f) => [f.field, f.op, f.value])).toEqual([
      ['tags', 'contains', 'urgent'],
      ['status', 'ne', 'closed'],
    ]);
    const open = plan('open zendesk tickets to linear team 1a2b', 'zendesk', 'linear');
    expect(open.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'eq', value: 'open' }),
    );
    // A filter on a field the records lack stops the code instead of sending everything.
    const missing = plan(
      'stripe customers where the karma is over 3 to hubspot',
      'stripe',
      'hubspot',
    );
    expect(missing.blocking.join()).toMatch(/karma/);
  });

  it('reads money amounts after the noun, in major units, scaled for cents fields', () => {
    const charges = plan('stripe charges above 25 dollars -> slack #sales', 'stripe', 'slack');
    expect(charges.filters).toContainEqual(
      expect.objectContaining({ field: 'amount', op: 'gt', value: 2500 }),
    );
    // Text-typed totals ("250.00") compare as numbers; no cents scaling without the unit.
    const orders = plan(
      'shopify orders worth more than 1,500 USD to slack #vip',
      'shopify',
      'slack',
    );
    expect(orders.filters).toContainEqual(
      expect.objectContaining({ field: 'total_price', op: 'gt', value: 1500 }),
    );
    const bare = plan('bigcommerce orders under 40 -> slack #small', 'bigcommerce', 'slack');
    expect(bare.filters).toContainEqual(
      expect.objectContaining({ field: 'total_inc_tax', op: 'lt', value: 40 }),
    );
    // An amount the records cannot be compared by stops the code rather than sending them all.
    // "high-priority tickets": a value of the field the next word names (Freshdesk: 3 high).
    const high = plan('high-priority freshdesk tickets -> slack #support', 'freshdesk', 'slack');
    expect(high.filters).toContainEqual(
      expect.objectContaining({ field: 'priority', op: 'eq', value: 3 }),
    );
    const issues = plan('github issues over $50 to slack #dev', 'github', 'slack');
    expect(issues.blocking.join()).toMatch(/over \$50/);
    const range = plan(
      'stripe charges between 10 and 25 dollars -> slack #sales',
      'stripe',
      'slack',
    );
    expect(range.filters.map((f) => [f.field, f.op, f.value])).toEqual([
      ['amount', 'gte', 1000],
      ['amount', 'lte', 2500],
    ]);
    // An amount no comparison took is refused, not ignored.
    const vague = plan('shopify orders of roughly €80 -> slack #ops', 'shopify', 'slack');
    expect(vague.blocking.join()).toMatch(/€80/);
    // "in 2 days" or "team 42" are no amounts.
    expect(plan('zendesk tickets to slack team 42', 'zendesk', 'slack').filters).toEqual([]);
    expect(inMinorUnits({ path: 'amount_in_cents', schema: { type: 'integer' } })).toBe(true);
    expect(inMinorUnits({ path: 'line.price_minor', schema: { type: 'integer' } })).toBe(true);
    expect(
      inMinorUnits({
        path: 'value',
        schema: { type: 'integer', description: 'In the smallest currency unit.' },
      }),
    ).toBe(true);
    expect(inMinorUnits({ path: 'total', schema: { type: 'string' } })).toBe(false);
  });

  it('reads states: documented value meanings, flags by synonym, negations', () => {
    const severity = {
      path: 'severity',
      schema: {
        type: 'integer' as const,
        enum: [1, 2, 3],
        description: 'Severity: 1 = critical, 2 = major, 3 = minor.',
      },
      depth: 0,
    };
    const level = {
      path: 'level',
      schema: {
        type: 'string' as const,
        enum: ['p1', 'p2'],
        description: 'blocker (p1) or normal (p2)',
      },
      depth: 0,
    };
    const flag = { path: 'is_archived', schema: { type: 'boolean' as const }, depth: 0 };
    expect(stateMatch([severity], 'critical')).toEqual({ field: 'severity', value: 1 });
    expect(stateMatch([severity], 'minor')).toEqual({ field: 'severity', value: 3 });
    expect(stateMatch([level], 'blocker')).toEqual({ field: 'level', value: 'p1' });
    expect(stateMatch([severity, flag], 'archived')).toEqual({ field: 'is_archived' });
    expect(stateMatch([severity], 'pending')).toBeUndefined();
    // Trello calls an archived card `closed`; "omitting" is a negation.
    const cards = plan(
      'trello cards on board 5f1e2d3c4b5a697887766554, omitting archived, to slack #ops',
      'trello',
      'slack',
    );
    expect(cards.filters).toContainEqual(expect.objectContaining({ field: 'closed', op: 'falsy' }));
    // "don't send cancelled": a state whose time is set (Shopify's cancelled_at) is left out.
    const dont = plan(
      "shopify orders to slack #ops, but don't send cancelled ones",
      'shopify',
      'slack',
    );
    expect(dont.filters).toContainEqual(
      expect.objectContaining({ field: 'cancelled_at', op: 'falsy' }),
    );
    expect(dont.unresolved).toEqual([]);
    const issues = plan(
      'github issues of acme/web without closed ones to slack #dev',
      'github',
      'slack',
    );
    expect(issues.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    );
  });

  it('reads "that are (not) X" states and multi-word values a picklist documents', () => {
    const open = plan(
      'intercom conversations which are currently open -> slack #help',
      'intercom',
      'slack',
    );
    expect(open.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'eq', value: 'open' }),
    );
    const notWon = plan(
      'pipedrive deals that are no longer won -> slack #sales',
      'pipedrive',
      'slack',
    );
    expect(notWon.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'ne', value: 'won' }),
    );
    const working = plan(
      'salesforce leads where Status is Working - Contacted to hubspot contacts',
      'salesforce',
      'hubspot',
    );
    expect(working.filters).toContainEqual(
      expect.objectContaining({ field: 'Status', op: 'eq', value: 'Working - Contacted' }),
    );
    expect(working.unresolved).toEqual([]);
  });

  it('puts an id the prompt gives after a noun into the array of ids named after it', () => {
    const tasks = plan(
      'trello cards on board 5f1e2d3c4b5a697887766554 to asana; file them under project 42424242',
      'trello',
      'asana',
    );
    expect(tasks.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'projects', value: '42424242', type: 'array' }),
    );
  });

  it("puts the record's title in a required content field; the source's ids stay the source's", () => {
    // GitHub issues → Todoist tasks: Todoist has no title, its required text is `content`.
    const tasks = plan('github issues in acme/web as todoist tasks', 'github', 'todoist');
    expect(tasks.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'content', from: 'title' }),
    );
    // "gitlab project 7777" names where to read, not Todoist's project_id.
    const fromGitlab = plan(
      'new gitlab issues in project 7777 to todoist, title as the task',
      'gitlab',
      'todoist',
    );
    expect(fromGitlab.destination?.rules.find((r) => r.to === 'project_id')).toBeUndefined();
    // Link-header lists that take a page number are read by number (ctx has no headers).
    expect(tasks.source?.pagination).toMatchObject({ style: 'page', pageParam: 'page' });
  });

  it('sends required headers with a documented default or version example, never a sample id', () => {
    const header = (name: string, description: string, format?: 'date'): TParameter => ({
      name,
      in: 'header',
      required: true,
      schema: { type: 'string', ...(format ? { format } : {}) },
      description,
    });
    expect(documentedHeaderValue(header('X-Api-Version', 'Which version; for example 3.1.'))).toBe(
      '3.1',
    );
    expect(documentedHeaderValue(header('Accept-Version', 'Defaults to v2.'))).toBe('v2');
    expect(documentedHeaderValue(header('Stamp', 'Date of the API, e.g. 2023-01-01', 'date'))).toBe(
      '2023-01-01',
    );
    expect(documentedHeaderValue(header('X-Tenant', 'Your tenant, e.g. 8f2a-11'))).toBeUndefined();
    // Klaviyo documents `revision` on its reads only; its writes send the same value.
    const klaviyo = plan('hubspot contacts to klaviyo profiles', 'hubspot', 'klaviyo');
    expect(klaviyo.destination?.headers).toEqual({ revision: '2024-10-15' });
    expect(klaviyo.unresolved.join()).not.toMatch(/revision/);
  });

  it('reads "<noun> <key or name>" for parameters and references named after the noun', () => {
    // A Jira-style key fills a required reference's key; an alias names a path parameter.
    // Read from Jira: the project narrows the JQL rather than reading every project.
    const fromJira = plan('jira issues in project OPS -> slack #eng', 'jira', 'slack');
    expect(fromJira.source?.query.jql).toBe('project = "OPS" order by created ASC');
    expect(fromJira.unresolved).toEqual([]);
    const jira = plan('open github issues in acme/web to jira, project WEB', 'github', 'jira');
    expect(jira.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'project.key', value: 'WEB' }),
    );
    expect(jira.blocking.join()).not.toMatch(/project/);
    const airtable = plan(
      'stripe customers into airtable base app9Xy8Wv7Ut table Customers',
      'stripe',
      'airtable',
    );
    expect(airtable.destination?.pathParams).toMatchObject({
      baseId: 'app9Xy8Wv7Ut',
      tableIdOrName: 'Customers',
    });
    const mailchimp = plan(
      'hubspot contacts to mailchimp audience 1a2b3c4d5e',
      'hubspot',
      'mailchimp',
    );
    expect(mailchimp.destination?.pathParams).toEqual({ list_id: '1a2b3c4d5e' });
    expect(mailchimp.lookups).toEqual([]);
    // A required choice the prompt does not make takes the example's value, as a TODO.
    expect(mailchimp.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'status', value: 'subscribed' }),
    );
    expect(mailchimp.unresolved.join()).toMatch(/status: the prompt does not say/);
    const chosen = plan(
      'hubspot contacts to mailchimp audience 1a2b3c4d5e as pending',
      'hubspot',
      'mailchimp',
    );
    expect(chosen.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'status', value: 'pending' }),
    );
  });

  it('takes mappings stated in words, the destination first after "=", and names the ones no field meets', () => {
    const hubspot = entry('hubspot').resources.find((r) => r.name === 'contact')!;
    expect(
      statedMappings('Title = contact email; company name into Organisation', hubspot).map((m) => [
        m.from,
        m.to,
      ]),
    ).toEqual([
      ['properties.email', 'Title'],
      ['properties.company', 'Organisation'],
    ]);
    const pages = plan(
      'copy zendesk tickets to notion database 0a1b2c3d4e5f: Title = ticket subject, Owner = requester email, frobnicate them',
      'zendesk',
      'notion',
    );
    expect(pages.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'Title', from: 'subject' }),
    );
    // A stated mapping no source field can meet is named as a requirement, not dropped.
    const gaps = pages.unresolved.filter((u) => u.startsWith('field '));
    expect(gaps).toEqual([expect.stringMatching(/^field Owner: .* no field "requester email"/)]);
    // "with Name as email": the source side is the one the records have, by its full path.
    const reversed = plan(
      'hubspot contacts into notion database 1a2b3c4d5e6f with Title as email and Employer as company',
      'hubspot',
      'notion',
    );
    expect(reversed.destination?.rules.map((r) => [r.to, r.from])).toEqual(
      expect.arrayContaining([
        ['Title', 'properties.email'],
        ['Employer', 'properties.company'],
      ]),
    );
  });

  it('reads a mapping source named with its API, its record noun, a possessive or "the same"', () => {
    const result = plan(
      'copy zendesk tickets to notion database 0a1b2c3d4e5f. Title = the Zendesk ticket’s subject; Opened = the same created_at',
      'zendesk',
      'notion',
    );
    expect(result.destination?.rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: 'Title', from: 'subject' }),
        expect.objectContaining({ to: 'Opened', from: 'created_at' }),
      ]),
    );
  });

  it('does not take a table of values for field mappings, and says it was not applied', () => {
    const result = plan(
      'copy zendesk tickets to notion database 0a1b2c3d4e5f; urgency: sev1 → Critical, sev2 → Major',
      'zendesk',
      'notion',
    );
    expect(result.destination?.rules.some((r) => r.from === 'sev1' || r.to === 'Critical')).toBe(
      false,
    );
    expect(result.unresolved).toContainEqual(
      expect.stringMatching(/^value table sev1 → Critical, sev2 → Major/),
    );
  });

  it('takes a field the prompt names after "called" for the destination of a stated value', () => {
    const result = plan(
      'copy zendesk tickets to hubspot contacts, and put the ticket id in a custom property named zendesk_ref',
      'zendesk',
      'hubspot',
    );
    expect(result.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'zendesk_ref', from: 'id' }),
    );
  });

  it('reads "X or Y" and "X, Y or Z" as a list of values', () => {
    const states = plan(
      'Send Zendesk tickets that are pending or on-hold, whose status is new or open, to Slack channel C9',
      'zendesk',
      'slack',
    );
    expect(states.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'in', value: ['new', 'open'] }),
    );
    const labels = plan(
      'Send GitHub issues of acme/web tagged infra, "db" or outage into Slack channel C9',
      'github',
      'slack',
    );
    expect(labels.filters).toContainEqual(
      expect.objectContaining({ op: 'contains', value: ['infra', 'db', 'outage'] }),
    );
  });

  it('keeps only X when the prompt excludes what is not X', () => {
    const result = plan(
      'Send Zendesk tickets to Slack channel C9; drop every ticket which is not solved',
      'zendesk',
      'slack',
    );
    expect(result.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'eq', value: 'solved' }),
    );
    const plain = plan(
      'Send Zendesk tickets to Slack channel C9, not the solved ones',
      'zendesk',
      'slack',
    );
    expect(plain.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'ne', value: 'solved' }),
    );
  });

  it('gives each path parameter the value after its own head word', () => {
    const result = plan(
      'new GitHub issues of acme/site go to Discord. The webhook: id 5550001112223, and its token Zx81Yw72',
      'github',
      'discord',
    );
    expect(result.destination?.pathParams).toEqual({
      webhook_id: '5550001112223',
      webhook_token: 'Zx81Yw72',
    });
  });

  it('reads channels that are webhook URLs or phone numbers', () => {
    expect(
      pathParamsFromUrl(
        'hook: https://hooks.example.com/services/T1/B2/xyz.',
        '/services/{team}/{bot}/{secret}',
      ),
    ).toEqual({ team: 'T1', bot: 'B2', secret: 'xyz' });
    const discord = plan(
      'post new pagerduty incidents to https://discordapp.com/api/webhooks/998877/tok-EN_1?wait=true',
      'pagerduty',
      'discord',
    );
    expect(discord.destination?.pathParams).toEqual({
      webhook_id: '998877',
      webhook_token: 'tok-EN_1',
    });
    expect(discord.unresolved).toEqual([]);
    const sms = plan(
      'sms +44 20 7946 0958 from +44 20 7946 0000 about new zendesk tickets via twilio account AC0123456789',
      'zendesk',
      'twilio',
    );
    expect(sms.destination?.message).toMatchObject({
      channel: '+442079460958',
      fixed: { From: '+442079460000' },
    });
    expect(sms.blocking).toEqual([]);
    // No number: the refusal asks for one, not for a #channel.
    const none = plan('zendesk tickets to twilio account AC0123456789', 'zendesk', 'twilio');
    expect(none.blocking.join()).toMatch(/phone number/);
  });

  it('reads marketing consent as a filter, and fills a JSON:API type beside the attributes', () => {
    const optedIn = plan(
      'shopify customers -> klaviyo, only those who opted in',
      'shopify',
      'klaviyo',
    );
    expect(optedIn.filters).toContainEqual(
      expect.objectContaining({
        field: 'email_marketing_consent.state',
        op: 'eq',
        value: 'subscribed',
      }),
    );
    expect(optedIn.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'type', value: 'profile', top: true }),
    );
    // "accepted" alone is no consent (a quote can be accepted).
    expect(plan('accepted stripe invoices to slack #x', 'stripe', 'slack').blocking).toEqual([]);
    // Records without any consent field: refused rather than sent to everyone.
    const none = plan(
      'github issues whose authors consented to marketing -> klaviyo',
      'github',
      'klaviyo',
    );
    expect(none.blocking.join()).toMatch(/consent/);
  });

  it('maps fields by name, synonym, name split and nested paths; enums must agree', () => {
    expect(conceptOf('PrimaryEmailAddr.Address')).toBe('email');
    expect(conceptOf('emails.0.value')).toBe('email');
    expect(conceptOf('comment.public')).toBeUndefined();
    const qb = plan('stripe customers -> quickbooks customers', 'stripe', 'quickbooks');
    expect(qb.destination?.rules.map((r) => [r.to, r.from, r.how])).toEqual(
      expect.arrayContaining([
        ['DisplayName', 'name', undefined],
        ['GivenName', 'name', 'first-name'],
        ['FamilyName', 'name', 'last-name'],
        ['PrimaryEmailAddr.Address', 'email', undefined],
      ]),
    );
    const status = matchField(
      { path: 'status', schema: { type: 'string', enum: ['subscribed', 'pending'] }, depth: 0 },
      [{ path: 'Status', schema: { type: 'string' }, depth: 0 }],
      new Map(),
    );
    expect(status).toBeUndefined();
  });

  it('gives the LLM only the operations the prompt needs', () => {
    const text = describeOperationsForPrompt(
      'post new zendesk tickets to #support on slack',
      entry('zendesk'),
      entry('slack'),
    );
    expect(text).toContain('- listTickets: GET /api/v2/tickets (list)');
    expect(text).toContain(
      'Chat: post messages with postMessage, text in "text", channel in "channel"',
    );
    expect(text).not.toContain('/api/v2/users');
    expect(text).not.toContain('createTicket');
    expect(describeOperationsForPrompt('x', undefined, undefined)).toBe('');
  });
});

describe('grounded plan: a container named by "is" and its id', () => {
  it('reads the records inside it, with its id in the path', () => {
    const planned = plan(
      'Our Eventbrite event is 4455667788. Send the orders placed for it to Slack #box-office.',
      'eventbrite',
      'slack',
    );
    expect(planned.source?.resource.name).toBe('order');
    expect(planned.source?.pathParams).toEqual({ event_id: '4455667788' });
  });
});
