import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A unit or format after "in" says how a value is written, not which field it goes to.

describe('"in" before a unit or a format', () => {
  it('qualifies the value and names no destination field', () => {
    const planned = plan(
      'Copy each Toggl Track time entry of workspace 5512 into Harvest project 881, with the duration in minutes and the description in lowercase, the start in UTC.',
      'toggl-track',
      'harvest',
    );
    const targets = (planned.destination?.rules ?? []).map((r) => r.to.toLowerCase());
    expect(targets).not.toContain('minutes');
    expect(targets).not.toContain('lowercase');
    expect(targets).not.toContain('utc');
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'notes', from: 'description' }),
    );
  });

  it('is no field for an amount in a currency either', () => {
    const planned = plan(
      'Turn every paid Stripe charge into a HubSpot deal with the amount in euros.',
      'stripe',
      'hubspot',
    );
    expect((planned.destination?.rules ?? []).some((r) => /euro/i.test(r.to))).toBe(false);
  });

  it('names the field when the destination has it and the words put a value in it', () => {
    const planned = plan(
      'Copy each Toggl Track time entry of workspace 5512 into Harvest project 881; put the duration in hours.',
      'toggl-track',
      'harvest',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'hours', from: 'duration' }),
    );
  });
});
