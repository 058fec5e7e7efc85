import { describe, expect, it } from 'vitest';
import { plan, ruleTo } from './catalog-plan.test-support.ts';

// Value tables: which destination field a table fills and which source field it translates,
// from the words before it, on one line or as a list under a label.

describe('a value table in the prompt', () => {
  const priorityRule = (prompt: string) =>
    plan(prompt, 'pagerduty', 'zendesk').destination?.rules.find((r) => r.to === 'priority');

  it('reads "X from the Y: a → b, c → d"', () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. Priority from the urgency: high → urgent, low → normal.',
      'pagerduty',
      'zendesk',
    );
    expect(planned.destination?.rules.find((r) => r.to === 'priority')).toMatchObject({
      from: 'urgency',
      values: [
        { from: 'high', to: 'urgent' },
        { from: 'low', to: 'normal' },
      ],
    });
    expect(planned.unresolved.join(' ')).not.toContain('value table');
  });

  it('reads a table written one row a line under its label, with an empty row', () => {
    expect(
      priorityRule(
        [
          'Raise a Zendesk ticket per PagerDuty incident, with:',
          '* Priority, taken from the urgency:',
          '    high -> urgent',
          '    low -> low',
          '    empty -> normal',
          '* Subject: the title',
        ].join('\n'),
      )?.values,
    ).toEqual([
      { from: 'high', to: 'urgent' },
      { from: 'low', to: 'low' },
      { from: '', to: 'normal' },
    ]);
  });

  it('says so when it cannot tell the fields', () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. Mood: calm → blue, tense → red.',
      'pagerduty',
      'zendesk',
    );
    expect(planned.unresolved.join(' ')).toContain('value table');
  });

  it('keeps a row whole when its sides have several words or a hyphen', () => {
    const planned = plan(
      [
        'For each Pipedrive deal add a Shopify product. Translate every deal status into product types:',
        '  open -> Pipeline deal',
        '  won -> Closed - won',
        '  lost -> LOST-1',
        'Nothing else changes.',
      ].join('\n'),
      'pipedrive',
      'shopify',
    );
    expect(planned.destination?.rules.find((r) => r.to === 'product_type')).toMatchObject({
      from: 'status',
      values: [
        { from: 'open', to: 'Pipeline deal' },
        { from: 'won', to: 'Closed - won' },
        { from: 'lost', to: 'LOST-1' },
      ],
    });
    expect(planned.unresolved.join(' ')).not.toMatch(/value table|field LOST/);
  });

  it('reads several words on the left, and the field the sentence before names', () => {
    const planned = plan(
      [
        'Mirror our Shopify catalogue into the other Shopify shop. Its product type comes from the title:',
        '- Linen Summer Shirt -> APP-SHIRT',
        '- Rain Jacket Pro -> APP-OUTER',
      ].join('\n'),
      'shopify',
      'shopify',
    );
    expect(planned.destination?.rules.find((r) => r.to === 'product_type')).toMatchObject({
      from: 'title',
      values: [
        { from: 'Linen Summer Shirt', to: 'APP-SHIRT' },
        { from: 'Rain Jacket Pro', to: 'APP-OUTER' },
      ],
    });
    expect(planned.destination?.rules.find((r) => r.to === 'title')).toMatchObject({
      from: 'title',
    });
    expect(planned.destination?.rules.find((r) => r.to === 'title')).not.toHaveProperty('values');
    // The plan's list of fields names the table, not the rule it replaced.
    expect(planned.understood.join(' ')).toContain('product_type ← title (translated)');
  });

  it('leaves field mappings written one a line as mappings', () => {
    const planned = plan(
      ['Copy Stripe customers to HubSpot contacts:', 'email -> email', 'name -> firstname'].join(
        '\n',
      ),
      'stripe',
      'hubspot',
    );
    expect(planned.unresolved.join(' ')).not.toContain('value table');
  });

  it('reads rows apart by commas and a last "and", after "<field> conversion:"', () => {
    const planned = plan(
      'Open a Linear issue in the Platform team for every new Zendesk ticket, titled with its subject. Ticket urgency goes across as its priority. Priority conversion: Zendesk urgent -> Urgent, high -> High and anything else (normal, low or not set) -> Low.',
      'zendesk',
      'linear',
    );
    // Linear's priority takes codes (0 none … 4 low): the labels become them.
    expect(ruleTo(planned, 'input.priority')).toMatchObject({
      from: 'priority',
      values: [
        { from: 'urgent', to: '1' },
        { from: 'high', to: '2' },
        // "or not set": a ticket without a priority takes the rest's value too.
        { from: '', to: '4' },
      ],
      otherwise: '4',
    });
    expect(planned.unresolved.join(' ')).not.toContain('value table');
  });

  it('translates a reference object by what it is called', () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. The ticket priority follows the incident priority: P1 → urgent, P2 → high, anything else → normal.',
      'pagerduty',
      'zendesk',
    );
    expect(ruleTo(planned, 'priority')).toMatchObject({
      from: 'priority.summary',
      values: [
        { from: 'P1', to: 'urgent' },
        { from: 'P2', to: 'high' },
      ],
      otherwise: 'normal',
    });
  });

  it('writes the labels an app shows as the codes its API takes', () => {
    const planned = plan(
      'Add a Todoist task for each Jira issue assigned to me, named after its summary. Priority: Highest → p1, High → p2, anything else → p4.',
      'jira',
      'todoist',
    );
    // Todoist's API numbers priorities the other way round from its apps (p1 is 4).
    expect(ruleTo(planned, 'priority')).toMatchObject({
      // Jira keeps an issue's own fields under `fields`, and names a priority by `name`.
      from: 'fields.priority.name',
      values: [
        { from: 'Highest', to: '4' },
        { from: 'High', to: '3' },
      ],
      otherwise: '1',
    });
    // Jira's `fields` parameter takes the keys of `fields`, not paths inside them.
    const asked = String(planned.source?.query.fields).split(',');
    expect(asked).toEqual(expect.arrayContaining(['summary', 'priority']));
    expect(asked).not.toContain('priority.name');
    // The summary is the task's required text.
    expect(ruleTo(planned, 'content')).toMatchObject({ from: 'fields.summary' });
  });

  it('leaves "Mapping: a -> b, c -> d" after no field as field mappings', () => {
    const planned = plan(
      'Copy Stripe customers to HubSpot contacts. Mapping: email -> email, name -> firstname.',
      'stripe',
      'hubspot',
    );
    expect(planned.unresolved.join(' ')).not.toContain('value table');
  });

  it("gives a record without the value the rest's value when the rest says so", () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. Ticket priority follows the incident priority: P1 → urgent, anything else (lower ones, or unset) → normal.',
      'pagerduty',
      'zendesk',
    );
    expect(ruleTo(planned, 'priority')).toMatchObject({
      values: [
        { from: 'P1', to: 'urgent' },
        { from: '', to: 'normal' },
      ],
      otherwise: 'normal',
    });
  });

  it('drops a note in brackets after a value, and keeps an id in brackets', () => {
    const planned = plan(
      'Add a Todoist task for each Zendesk ticket. Priority table: urgent -> 4, high -> 3 and anything else -> 1 (the lowest).',
      'zendesk',
      'todoist',
    );
    expect(ruleTo(planned, 'priority')).toMatchObject({ otherwise: '1' });
  });
});
