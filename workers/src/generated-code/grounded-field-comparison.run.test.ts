import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Conditions between two fields of one record (generator/src/planner/plan-field-comparisons.ts)
// and value tables (plan-value-tables.ts), run in the real sandbox against loopback APIs that
// behave as their descriptions say.

useSandbox();

describe('a comparison between two fields, in the generated code', () => {
  it('keeps only the Stripe invoices paid less than their amount due', async () => {
    const invoices = [
      {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        amount_due: 5000,
        amount_paid: 5000,
        status: 'paid',
        created: 1_700_000_100,
      },
      {
        id: 'in_2',
        object: 'invoice',
        customer: 'cus_2',
        amount_due: 9000,
        amount_paid: 4000,
        status: 'open',
        created: 1_700_000_200,
      },
      {
        id: 'in_3',
        object: 'invoice',
        customer: 'cus_3',
        amount_due: 1200,
        amount_paid: 0,
        status: 'open',
        created: 1_700_000_300,
      },
    ];
    const stripe = await mock(entry('stripe'), { invoice: invoices });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Post to Slack #billing each Stripe invoice whose amount paid is below the amount due',
      stripe,
      slack,
    );
    expectSuccess(await run(generated.code, stripe, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes('in_1'))).toBe(false);
  });

  it('translates a field through the prompt’s value table', async () => {
    const incident = (id: string, urgency: string) => ({
      id,
      type: 'incident',
      incident_number: Number(id.slice(1)),
      title: `Disk full on ${id}`,
      description: 'The data volume is at 100%.',
      status: 'triggered',
      urgency,
      created_at: '2031-01-01T00:00:00Z',
    });
    const pagerduty = await mock(entry('pagerduty'), {
      incident: [incident('P1', 'high'), incident('P2', 'low'), incident('P3', 'High')],
    });
    const zendesk = await mock(entry('zendesk'));
    const generated = generate(
      'Raise a Zendesk ticket per PagerDuty incident. Priority from the urgency: high → urgent, low → normal.',
      pagerduty,
      zendesk,
    );
    expectSuccess(await run(generated.code, pagerduty, zendesk));
    const written = zendesk.written().map((t) => t.priority);
    expect(written).toEqual(['urgent', 'normal', 'urgent']);
  });
});
