import { describe, expect, it } from 'vitest';
import { entry, plan } from './catalog-plan.test-support.ts';
import { planLookups } from './prompt-ids.ts';

// A container the prompt names by name ("the pipeline called …") is looked up among that
// container's own records, never among the records being read.

describe('a container named by name for a list’s filter', () => {
  it('is looked up among the containers', () => {
    const planned = plan(
      'Slack #revenue gets every won Pipedrive deal from the pipeline called "Renewals".',
      'pipedrive',
      'slack',
    );
    const lookup = planned.lookups.find((l) => l.target.name === 'pipeline_id');
    expect(lookup?.resource).toBe('pipeline');
    expect(lookup?.operation.path).toBe('/api/v2/pipelines');
    expect(lookup?.name).toBe('Renewals');
  });

  it('is never one of the records the list returns, whatever else they are called', () => {
    const pipedrive = entry('pipedrive');
    const deals = pipedrive.resources.find((r) => r.name === 'deal')!;
    const confusable = {
      ...pipedrive,
      resources: [{ ...deals, aliases: [...deals.aliases, 'pipeline'] }],
    };
    const found = planLookups(
      'every won deal from the pipeline called "Renewals"',
      confusable,
      'source',
      { kind: 'query', name: 'pipeline_id' },
      '/api/v2/deals',
    );
    expect(found).toBeUndefined();
  });
});
