import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

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
});
