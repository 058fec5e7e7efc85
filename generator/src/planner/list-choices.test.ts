import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry, inHouseList, plan, planOver } from './catalog-plan.test-support.ts';

// A list that leaves records out unless a parameter asks for them is asked for what the
// plan's filter on that field needs.

const member = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    state: { type: 'string', enum: ['current', 'lapsed'] },
  },
};
let club: TApiDescription;
const slack = entry('slack');
beforeAll(async () => {
  club = await inHouseList('Club Roll', 'https://club.example.test', '/members', member, {
    operationId: 'listMembers',
    description: 'Current members only, unless state says otherwise.',
    parameters: [
      {
        name: 'state',
        in: 'query',
        schema: { type: 'string', enum: ['current', 'lapsed', 'all'] },
      },
    ],
  });
});
const readQuery = (prompt: string) => planOver(prompt, club, slack).source?.query;

describe('a list that hides records unless asked', () => {
  it('is asked for the one value a filter keeps', () => {
    const planned = plan(
      'Post each closed GitHub issue in acme/web to #dev on Slack.',
      'github',
      'slack',
    );
    expect(planned.source?.query).toMatchObject({ state: 'closed' });
  });

  it('is asked for every value when the filter keeps more than one, or all but one', () => {
    expect(readQuery('Tell #club about every member who is not current.')).toMatchObject({
      state: 'all',
    });
  });

  it('keeps its own default when nothing filters on that field', () => {
    expect(readQuery('Tell #club about every member.')).not.toHaveProperty('state');
  });

  it('is asked for the ended state a filter on when records ended needs', () => {
    const closed = plan(
      'Post the GitHub issues of octo/site closed during October 2026 to #retro, one message each.',
      'github',
      'slack',
    );
    expect(closed.source?.query).toMatchObject({ state: 'closed' });
  });

  it('is asked for every state when no choice is named like the end the filter wants', () => {
    const merged = plan(
      'Tell #shipping about every merged pull request of octo/site, with its title.',
      'github',
      'slack',
    );
    expect(merged.source?.query).toMatchObject({ state: 'all' });
  });

  it('is not asked for ended records when the filter wants the others', () => {
    const planned = plan(
      'Append each Shopify order to spreadsheet 1AbCdEfGh, skipping cancelled orders.',
      'shopify',
      'google-sheets',
    );
    expect(planned.source?.query).not.toHaveProperty('status');
  });
});

describe('a list that returns only a recent window unless asked', () => {
  it('asks for everything when the read sets no time bound', () => {
    const planned = plan(
      'Post every acknowledged PagerDuty incident to Slack #noc, oldest ones too.',
      'pagerduty',
      'slack',
    );
    expect(planned.source?.query.date_range).toBe('all');
  });

  it('leaves a rolling window the prompt sets to the filter', () => {
    const planned = plan(
      'Post PagerDuty incidents from the last 7 days to Slack #noc.',
      'pagerduty',
      'slack',
    );
    expect(planned.source?.query.date_range).toBeUndefined();
  });

  it('leaves the window to the cursor when the read has one', () => {
    const planned = plan(
      'Each hour, post PagerDuty incidents opened since the last run to Slack #noc.',
      'pagerduty',
      'slack',
    );
    expect(planned.cursor?.param?.name).toBe('since');
    expect(planned.source?.query.date_range).toBeUndefined();
  });
});
