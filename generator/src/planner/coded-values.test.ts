import { describe, expect, it } from 'vitest';
import { plan, ruleTo as rule } from './catalog-plan.test-support.ts';

// A destination field that takes codes named in its description (Freshdesk's priority: "1 low,
// 2 medium, 3 high, 4 urgent") is given by label in prompts; the code is what gets written.

describe('labels of a coded destination field', () => {
  it('become codes, in a value chosen by a condition said first and in fixed values', () => {
    const planned = plan(
      'Make a Freshdesk ticket from each Zendesk ticket. If the Zendesk ticket is urgent, the priority should be High, otherwise Low. Use source Phone.',
      'zendesk',
      'freshdesk',
    );
    expect(rule(planned, 'priority')).toMatchObject({
      from: 'priority',
      values: [
        { from: 'urgent', to: '3' },
        { from: '', to: '1' },
      ],
      otherwise: '1',
    });
    expect(rule(planned, 'source')?.value).toBe('3');
    // The condition picks a value; it leaves no ticket out.
    expect(planned.filters).toEqual([]);
  });
});

describe('a field with one allowed value', () => {
  it('is never copied, whatever it is called', () => {
    const planned = plan(
      'Open a Freshdesk ticket for each Intercom conversation, subject from its title.',
      'intercom',
      'freshdesk',
    );
    expect(rule(planned, 'type')).toBeUndefined();
  });
});

// A guard: it passes before and after the change above.
describe('a coded label after a field the records have too', () => {
  it('stays a condition on the records when their field offers that choice', () => {
    const planned = plan(
      'Make a Freshdesk ticket from each Zendesk ticket with status pending.',
      'zendesk',
      'freshdesk',
    );
    expect(rule(planned, 'status')).toBeUndefined();
  });

  it('are no fixed value when they choose the records ("each issue with priority High")', () => {
    const planned = plan(
      'Create a Freshdesk ticket for each Jira issue with priority High in project SUP.',
      'jira',
      'freshdesk',
    );
    expect(rule(planned, 'priority')).toBeUndefined();
  });

  it('become codes in a GraphQL mutation’s input too', () => {
    const planned = plan(
      'Create a Linear issue in team ENG for each GitHub issue of acme/web. When the issue is closed, the priority is Low, otherwise High.',
      'github',
      'linear',
    );
    expect(rule(planned, 'input.priority')).toMatchObject({ otherwise: '2' });
  });
});
