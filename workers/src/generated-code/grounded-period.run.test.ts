import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Calendar periods (generator/src/planner/plan-periods.ts) in the generated code: whole UTC
// days, the last one included, compared with the API's own time format (Stripe's Unix seconds,
// Xero's Microsoft JSON dates "/Date(1727740800000+0000)/").

useSandbox();

describe('a calendar period, in the generated code', () => {
  it('keeps the Stripe charges made on the days named, and none from the day after', async () => {
    const charge = (id: string, created: number) => ({
      id,
      object: 'charge',
      amount: 1500,
      currency: 'usd',
      status: 'succeeded',
      created,
    });
    const stripe = await mock(entry('stripe'), {
      charge: [
        charge('ch_before', Date.UTC(2023, 10, 13, 23, 59, 59) / 1000),
        charge('ch_first_day', Date.UTC(2023, 10, 14, 0, 0, 0) / 1000),
        charge('ch_last_day', Date.UTC(2023, 10, 15, 23, 30, 0) / 1000),
        charge('ch_after', Date.UTC(2023, 10, 16, 0, 0, 0) / 1000),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Post to Slack #billing each Stripe charge made between 14 and 15 November 2023 (UTC)',
      stripe,
      slack,
    );
    expectSuccess(await run(generated.code, stripe, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('ch_first_day');
    expect(texts.join('\n')).toContain('ch_last_day');
  });

  it('writes every record that passes, however many were read before them', async () => {
    const day = (n: number) => Date.UTC(2023, 10, 1) / 1000 + n * 3600;
    const charges = Array.from({ length: 140 }, (_, n) => ({
      id: `ch_${String(n).padStart(3, '0')}`,
      object: 'charge',
      amount: 1500,
      currency: 'usd',
      status: 'succeeded',
      // Hourly from 1 November: the last few fall on 6 November.
      created: day(n),
    }));
    const stripe = await mock(entry('stripe'), { charge: charges }, 100);
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Post to Slack #billing each Stripe charge made on 6 November 2023 (UTC)',
      stripe,
      slack,
    );
    expectSuccess(await run(generated.code, stripe, slack));
    // 6 November 00:00 is hour 120 from 1 November: hours 120–139 are that day.
    expect(slack.written()).toHaveLength(20);
  });

  it('keeps the Xero invoices whose due date has passed, sending the tenant the prompt names', async () => {
    const invoice = (id: string, due: number) => ({
      InvoiceID: id,
      InvoiceNumber: id.toUpperCase(),
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      AmountDue: 120,
      DueDate: `/Date(${due}+0000)/`,
      Contact: { ContactID: 'c-1', Name: 'Hollow Oak Ltd' },
    });
    const xero = await mock(entry('xero'), {
      invoice: [
        invoice('inv-overdue', Date.UTC(2020, 0, 15)),
        invoice('inv-future', Date.UTC(2099, 0, 15)),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Our Xero organisation has tenant id 0f1e2d3c-aaaa-4bbb-8ccc-123456789abc. Post every overdue Xero invoice to Slack #receivables.',
      xero,
      slack,
    );
    expectSuccess(await run(generated.code, xero, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('inv-overdue');
    expect(
      xero.requests.every(
        (r) => r.headers['xero-tenant-id'] === '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc',
      ),
    ).toBe(true);
  });

  it('takes last calendar month, and the week the run falls in, from when the run is due', async () => {
    const charge = (id: string, iso: string) => ({
      id,
      object: 'charge',
      amount: 900,
      currency: 'usd',
      status: 'succeeded',
      created: Date.parse(iso) / 1000,
    });
    const stripe = await mock(entry('stripe'), {
      charge: [
        charge('ch_feb_end', '2026-02-28T23:59:59Z'),
        charge('ch_mar_start', '2026-03-01T00:00:00Z'),
        charge('ch_mar_end', '2026-03-31T23:00:00Z'),
        charge('ch_apr', '2026-04-01T00:00:00Z'),
      ],
    });
    const slack = await mock(entry('slack'));
    const lastMonth = generate(
      'Each Stripe charge created in the previous calendar month goes to Slack #ledger.',
      stripe,
      slack,
    );
    // Due on 2 April 2026: last month is March.
    expectSuccess(await run(lastMonth.code, stripe, slack, {}, '2026-04-02T06:00:00.000Z'));
    const march = slack.written().map((m) => String(m.text));
    expect(march).toHaveLength(2);
    expect(march.join('\n')).toContain('ch_mar_start');
    expect(march.join('\n')).toContain('ch_mar_end');

    const thisWeek = generate(
      'Each Stripe charge created this week goes to Slack #ledger.',
      stripe,
      slack,
    );
    // Due on Wednesday 1 April 2026: the week began on Monday 30 March.
    expectSuccess(await run(thisWeek.code, stripe, slack, {}, '2026-04-01T12:00:00.000Z'));
    const week = slack
      .written()
      .slice(2)
      .map((m) => String(m.text));
    expect(week).toHaveLength(2);
    expect(week.join('\n')).toContain('ch_mar_end');
    expect(week.join('\n')).toContain('ch_apr');
  });

  it('keeps only the records older than the age the prompt gives, counted back from the run', async () => {
    const charge = (id: string, iso: string) => ({
      id,
      object: 'charge',
      amount: 400,
      currency: 'usd',
      status: 'succeeded',
      created: Date.parse(iso) / 1000,
    });
    const stripe = await mock(entry('stripe'), {
      charge: [
        charge('ch_week_old', '2026-03-25T12:00:00Z'),
        charge('ch_just_over', '2026-03-29T11:59:00Z'),
        charge('ch_just_under', '2026-03-29T12:01:00Z'),
        charge('ch_fresh', '2026-04-01T09:00:00Z'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Every charge in Stripe that is older than three days: one line in Slack #ageing.',
      stripe,
      slack,
    );
    // Due at noon on 1 April 2026: three days before is noon on 29 March.
    expectSuccess(await run(generated.code, stripe, slack, {}, '2026-04-01T12:00:00.000Z'));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('ch_week_old');
    expect(texts.join('\n')).toContain('ch_just_over');
  });

  it('keeps the invoices due in the next calendar month, counted from when the run is due', async () => {
    const invoice = (id: string, iso: string) => ({
      id,
      object: 'invoice',
      number: id,
      status: 'open',
      amount_due: 5000,
      currency: 'usd',
      due_date: Date.parse(iso) / 1000,
      created: Date.parse('2026-01-01T00:00:00Z') / 1000,
    });
    const stripe = await mock(entry('stripe'), {
      invoice: [
        invoice('in_this_month', '2026-04-30T12:00:00Z'),
        invoice('in_next_first', '2026-05-01T00:00:00Z'),
        invoice('in_next_last', '2026-05-31T23:59:00Z'),
        invoice('in_after', '2026-06-01T00:00:00Z'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Stripe invoices due next month: one line each in Slack #ar.',
      stripe,
      slack,
    );
    expectSuccess(await run(generated.code, stripe, slack, {}, '2026-04-15T08:00:00.000Z'));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('in_next_first');
    expect(texts.join('\n')).toContain('in_next_last');
  });

  it('keeps the records between two ISO moments that a spec-like condition names', async () => {
    const charge = (id: string, iso: string, status = 'failed') => ({
      id,
      object: 'charge',
      amount: 700,
      currency: 'usd',
      status,
      created: Date.parse(iso) / 1000,
    });
    const stripe = await mock(entry('stripe'), {
      charge: [
        charge('ch_early', '2023-11-14T07:59:59Z'),
        charge('ch_start', '2023-11-14T08:00:00Z'),
        charge('ch_paid', '2023-11-14T08:30:00Z', 'succeeded'),
        charge('ch_last_second', '2023-11-14T09:59:59Z'),
        charge('ch_late', '2023-11-14T10:00:00Z'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Stripe charges to Slack #billing, one post each.\n- status = "failed"\n- created from 2023-11-14T08:00:00Z to 2023-11-14T09:59:59Z',
      stripe,
      slack,
    );
    expectSuccess(await run(generated.code, stripe, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('ch_start');
    expect(texts.join('\n')).toContain('ch_last_second');
  });

  it('an all-day event on each card’s due day, ending the next day as the calendar’s end is exclusive', async () => {
    const card = (id: string, name: string, due: string | null) => ({
      id,
      name,
      desc: '',
      closed: false,
      idList: '64f1c2d3e4a5b6c7d8e9f012',
      due,
      url: `https://trello.com/c/${id}`,
      dateLastActivity: '2025-05-30T09:00:00.000Z',
    });
    const trello = await mock(entry('trello'), {
      card: [
        card('c1', 'Launch post', '2025-06-03T15:00:00.000Z'),
        card('c2', 'Someday', null),
        card('c3', 'Month end', '2025-06-30T09:00:00.000Z'),
      ],
    });
    const calendar = await mock(entry('google-calendar'));
    const generated = generate(
      'Put the Trello cards of list 64f1c2d3e4a5b6c7d8e9f012 on Google Calendar (calendar id team.ops.1977@group.calendar.google.com): each card becomes an all-day event on its due date, titled with the card name, with the link to the Trello card in the event description. Cards without a due date should not be on the calendar.',
      trello,
      calendar,
    );
    expectSuccess(await run(generated.code, trello, calendar));
    expect(
      calendar.written('event').map((e) => [e.summary, e.start, e.end, e.description]),
    ).toEqual([
      ['Launch post', { date: '2025-06-03' }, { date: '2025-06-04' }, 'https://trello.com/c/c1'],
      ['Month end', { date: '2025-06-30' }, { date: '2025-07-01' }, 'https://trello.com/c/c3'],
    ]);
    expect(calendar.requests.at(-1)?.path).toContain('team.ops.1977@group.calendar.google.com');
  });
});
