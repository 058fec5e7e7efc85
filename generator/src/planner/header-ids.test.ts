import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// An id the prompt gives for the account the calls are made in (Harvest's Harvest-Account-Id
// header) is not also a field of every record written.

describe('an id that fills a required header', () => {
  it('fills the header only, not a record field named like it', () => {
    const planned = plan(
      'Push each Clockify time entry from workspace 5a1b2c3d4e5f60718293a4b5 into Harvest account 5150 under project 61, task 62.',
      'clockify',
      'harvest',
    );
    expect(planned.destination?.headers['Harvest-Account-Id']).toBe('5150');
    expect(planned.destination?.rules.filter((r) => r.value === '5150')).toEqual([]);
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'project_id', value: '61' }),
    );
  });
});
