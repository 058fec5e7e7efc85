import { describe, expect, it } from 'vitest';
import { readPrompt } from './read-prompt.ts';
import { readingSchedule, readSchedule } from './read-schedule.ts';

const context = {
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com',
  destApiName: 'HubSpot',
  destApiUrl: 'https://api.hubapi.com',
};
const read = (prompt: string, overrides: Partial<typeof context> = {}) =>
  readPrompt(prompt, { ...context, ...overrides });

describe('readSchedule', () => {
  it.each([
    ['Every 15 minutes, sync customers', 15],
    ['every 5 min copy leads', 5],
    ['every 2 hours', 120],
    ['Run every hour please', 60],
    ['hourly sync of orders', 60],
    ['every half hour', 30],
    ['every fifteen minutes', 15],
    ['twice a day', 720],
    ['4 times a day', 360],
    ['once an hour', 60],
    ['daily report', 1440],
    ['Every day at 9:00 send the report', 1440],
    ['each morning at 7am', 1440],
    ['every minute', 1],
  ])('%s → every %i minutes', (prompt, minutes) => {
    expect(readSchedule(prompt)?.everyMinutes).toBe(minutes);
  });

  it('keeps a daily time of day as cron in UTC, and says the zone is to be set', () => {
    const daily = readSchedule('Daily at 9:00, post the sales report');
    expect(daily).toEqual({
      everyMinutes: 1440,
      timeOfDay: '09:00',
      cron: '0 9 * * *',
      phrase: 'Daily … at 9:00',
      note: 'it runs at 09:00 UTC (cron "0 9 * * *"): set your time zone on the review page',
    });
    expect(readingSchedule(daily!)).toEqual({ cron: '0 9 * * *', timeZone: 'UTC' });
    expect(readSchedule('every day at 6:30 pm')).toMatchObject({
      timeOfDay: '18:30',
      cron: '30 18 * * *',
    });
    expect(readSchedule('every day at noon')?.cron).toBe('0 12 * * *');
    expect(readSchedule('every weekday at 8:15am, copy the orders')).toMatchObject({
      cron: '15 8 * * 1-5',
      note: expect.stringContaining('08:15 UTC on weekdays'),
    });
    expect(readSchedule('every weekday, copy the orders')).toMatchObject({
      cron: '0 0 * * 1-5',
      note: expect.stringContaining('midnight (no time of day was named) UTC on weekdays'),
    });
  });

  it('keeps an interval when the cadence is not daily, and says it cannot keep the time', () => {
    const hourly = readSchedule('every 2 hours at 9:00');
    expect(hourly).toMatchObject({ everyMinutes: 120, timeOfDay: '09:00' });
    expect(hourly?.cron).toBeUndefined();
    expect(hourly?.note).toMatch(/not at 09:00/);
    expect(readingSchedule(hourly!)).toEqual({ everyMinutes: 120 });
  });

  it('clamps to the runtime limits and says so', () => {
    expect(readSchedule('every 30 seconds')).toMatchObject({
      everyMinutes: 1,
      note: 'the shortest interval is 1 minute',
    });
    expect(readSchedule('weekly digest')).toMatchObject({
      everyMinutes: 1440,
      note: expect.stringMatching(/longest interval is 1 day/),
    });
  });

  it('finds nothing in a prompt without a schedule', () => {
    expect(readSchedule('Copy new customers from Stripe to HubSpot')).toBeUndefined();
    expect(readSchedule('sync the last 15 minutes of data')).toBeUndefined();
  });
});

describe('readPrompt: endpoints', () => {
  it('reads methods and paths and tells source from destination', () => {
    const reading = read('fetch new customers from GET /v1/customers and POST each to /contacts');
    expect(reading.source).toMatchObject({ method: 'GET', path: '/v1/customers', guessed: false });
    expect(reading.destination).toMatchObject({
      method: 'POST',
      path: '/contacts',
      phrase: 'POST each to /contacts',
    });
  });

  it('uses from/to words and the order when no method is given', () => {
    expect(read('fetch /orders from source and send to /crm/leads')).toMatchObject({
      source: { method: 'GET', path: '/orders' },
      destination: { method: 'POST', path: '/crm/leads' },
    });
    expect(read('send every lead in /leads to /crm/leads')).toMatchObject({
      source: { path: '/leads' },
      destination: { path: '/crm/leads' },
    });
    expect(read('/tickets to /issues').destination?.path).toBe('/issues');
  });

  it('reads update and upsert as PATCH and PUT, and says it assumed so', () => {
    expect(read('get /users and update each one at /contacts/{id}').destination).toMatchObject({
      method: 'PATCH',
      assumption: expect.stringMatching(/reads as PATCH/),
    });
    expect(read('get /users and upsert them into /contacts/{id}').destination?.method).toBe('PUT');
  });

  it('keeps a query string and recognises full URLs on either API', () => {
    const reading = read(
      'GET https://api.stripe.com/v1/charges?limit=100&created_gt={cursor} then POST https://api.hubapi.com/crm/v3/objects/deals.',
    );
    expect(reading.source).toMatchObject({
      path: '/v1/charges',
      query: [
        ['limit', '100'],
        ['created_gt', '{cursor}'],
      ],
    });
    expect(reading.destination).toMatchObject({ method: 'POST', path: '/crm/v3/objects/deals' });
  });

  it('does not repeat a base path the base URL already has', () => {
    const reading = read('GET /v1/customers', { sourceApiUrl: 'https://api.stripe.com/v1' });
    expect(reading.source?.path).toBe('/customers');
    expect(reading.notes).toEqual([
      'GET /v1/customers: the base URL https://api.stripe.com/v1 already ends in /v1, so the path is /customers',
    ]);
  });

  it('guesses paths from nouns when none is written, and marks them as guesses', () => {
    const reading = read('Copy new Stripe customers to HubSpot contacts every hour');
    expect(reading.source).toMatchObject({ path: '/customers', guessed: true });
    expect(reading.destination).toMatchObject({ path: '/contacts', guessed: true });
    expect(read('Sync everything please, it matters').source).toMatchObject({
      path: '/items',
      guessed: true,
    });
  });

  it('ignores slashes that are not paths', () => {
    const reading = read('GET /orders and/or refunds, 5/day, POST to /ledger');
    expect(reading.source?.path).toBe('/orders');
    expect(reading.destination?.path).toBe('/ledger');
    expect(reading.notes).toEqual([]);
  });
});

describe('readPrompt: field mappings', () => {
  it.each([
    ['email → email_address', [['email', 'email_address']]],
    [
      'email -> email_address, name -> full_name',
      [
        ['email', 'email_address'],
        ['name', 'full_name'],
      ],
    ],
    [
      'map name to full_name and email to emailAddress',
      [
        ['name', 'full_name'],
        ['email', 'emailAddress'],
      ],
    ],
    ['send name as full_name', [['name', 'full_name']]],
    [
      'with dealname as opportunity_name and amount as value',
      [
        ['dealname', 'opportunity_name'],
        ['amount', 'value'],
      ],
    ],
    ['rename customer.email to contact.email', [['customer.email', 'contact.email']]],
  ])('%s', (prompt, pairs) => {
    expect(read(`GET /a then POST /b, ${prompt}`).mappings.map((m) => [m.from, m.to])).toEqual(
      pairs,
    );
  });

  it('does not read "X to Y" as a mapping without a mapping word', () => {
    expect(read('Sync orders to HubSpot every hour').mappings).toEqual([]);
    expect(read('send them to contacts as leads').mappings).toEqual([]);
  });
});

describe('readPrompt: new and changed items, filters, batches', () => {
  it.each([
    ['fetch new customers', 'new'],
    ['orders created since the last run', 'new'],
    ['changed tickets', 'changed'],
    ['updated deals', 'changed'],
    ['new or updated contacts', 'changed'],
  ])('%s → %s', (prompt, kind) => {
    expect(read(`${prompt} from GET /x to POST /y`).incremental?.kind).toBe(kind);
  });

  it('leaves out the cursor when nothing asks for it', () => {
    expect(read('copy all orders from GET /orders to POST /imports').incremental).toBeUndefined();
  });

  it('reads "new" before what the write makes as no cursor', () => {
    expect(
      read('put every order from GET /orders in POST /imports as a new import').incremental,
    ).toBeUndefined();
    expect(
      read('make a new row in POST /rows for each new order from GET /orders').incremental?.kind,
    ).toBe('new');
  });

  it('reads a named cursor field', () => {
    expect(read('new customers by created_at from GET /c to POST /d').incremental).toEqual({
      kind: 'new',
      phrase: 'new',
      field: 'created_at',
      nouns: ['customers'],
    });
  });

  it('reads simple filters', () => {
    expect(read('GET /orders where status is paid, POST to /x').filters).toEqual([
      { field: 'status', operator: 'equals', value: 'paid', phrase: 'where status is paid' },
    ]);
    expect(read("GET /u whose plan is not 'free' to POST /x").filters[0]).toMatchObject({
      field: 'plan',
      operator: 'not-equals',
      value: 'free',
    });
    expect(read('GET /u where amount = 10 to POST /x').filters[0]?.value).toBe(10);
    expect(read('when a customer is created, GET /c to POST /d').filters).toEqual([]);
  });

  it('reads batches', () => {
    expect(read('GET /a to POST /b in batches of 50').batch).toMatchObject({ size: 50 });
    expect(read('GET /a to POST /b in one request').batch).toMatchObject({ size: 'all' });
  });
});

describe('readPrompt: honesty', () => {
  it('reports sentences and words it could not use', () => {
    const reading = read(
      'Every hour fetch new customers from GET /v1/customers of VIP accounts and POST them to /contacts. Only active ones, and uppercase their names. Then email me a summary!',
    );
    expect(reading.notUnderstood).toEqual([
      // A sentence it read in part: the words it skipped.
      '"Every hour fetch new customers from GET /v1/customers of VIP accounts and POST them to /contacts.": "vip", "accounts"',
      // Sentences it could not use at all.
      '"Only active ones, and uppercase their names."',
      '"Then email me a summary!"',
    ]);
  });

  it('reports nothing when every part was read', () => {
    const reading = read(
      'Every 15 minutes, fetch new customers from GET /v1/customers and POST each to /contacts mapping email → email_address and name to full_name',
    );
    expect(reading.notUnderstood).toEqual([]);
  });

  it('notes event-style wording it can only approximate', () => {
    expect(read('As soon as a customer signs up in GET /c, POST to /d').notes[0]).toMatch(
      /scheduled at an interval, not triggered by events/,
    );
  });
});
