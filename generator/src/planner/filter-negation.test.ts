import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from '../template-generator.ts';
import { entry, plan } from './catalog-plan.test-support.ts';

// A state named before the noun keeps those records, unless the words right after the noun
// leave them out: "archived boards never", "drafts stay out", "closed ones: do nothing".

describe('a state the words after its noun leave out', () => {
  it.each([
    'Mirror every issue of GitLab project 31 into #eng. Closed issues never.',
    'Mirror GitLab issues of project 31 into Slack #eng; closed issues stay out.',
    'Mirror GitLab issues of project 31 into #eng. Closed issues: do nothing.',
    'Mirror GitLab issues of project 31 into #eng (closed issues are not wanted).',
  ])('%s', (prompt) => {
    expect(plan(prompt, 'gitlab', 'slack').filters).toEqual([
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    ]);
  });

  it('keeps the state when the negation is about something else in the sentence', () => {
    const kept = plan(
      'Closed issues of GitLab project 31 go to Slack #done, not by email',
      'gitlab',
      'slack',
    );
    expect(kept.filters).toEqual([
      expect.objectContaining({ field: 'state', op: 'eq', value: 'closed' }),
    ]);
  });

  it('counts the sentence as done in the checklist', () => {
    const result = generateTemplateCode(
      {
        sourceApiName: 'GitLab',
        sourceApiUrl: entry('gitlab').baseUrl,
        sourceAuthType: 'bearer',
        destApiName: 'Slack',
        destApiUrl: entry('slack').baseUrl,
        destAuthType: 'bearer',
        userPrompt: 'Mirror every issue of GitLab project 31 into #eng. Closed issues never.',
      },
      { source: entry('gitlab'), destination: entry('slack') },
    );
    expect(result.requirements.find((r) => r.text.includes('never'))?.status).toBe('done');
  });
});

describe('a label named before the word "label"', () => {
  it('keeps the records that carry it', () => {
    const planned = plan(
      'Send GitHub issues of octo/web having the "good first issue" label to Slack #newcomers',
      'github',
      'slack',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'labels', op: 'contains', value: 'good first issue' }),
    );
  });
});

describe('a list of states before the noun they leave out', () => {
  it('leaves out every state listed, not only the last', () => {
    const planned = plan(
      'Relay Help Scout conversations to Slack #support. Closed, pending or spam conversations never go there.',
      'help-scout',
      'slack',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({
        field: 'status',
        op: 'not-in',
        value: ['closed', 'pending', 'spam'],
      }),
    );
  });
});

describe('a state negated by the word before it', () => {
  it('is left out, also beside another reading of the same state', () => {
    // "past-due" already leaves out closed cards; "non-closed" must not then ask for them.
    const filters = plan(
      'Open a GitHub issue in octo/tools for each past-due, non-closed Trello card on board 5f2b3c4d5e6f7a8b9c0d1e2f.',
      'trello',
      'github',
    ).filters.filter((f) => f.field === 'closed');
    expect(filters.map((f) => f.op)).toEqual(['falsy']);
  });
});

describe('records said to be unwanted with a contraction', () => {
  it.each([
    "Every hour, send each open GitHub issue of acme/app to Slack #dev; the ones labelled wontfix aren't wanted.",
    'Every hour, send each open GitHub issue of acme/app to Slack #dev. Issues labelled wontfix aren’t needed.',
    'Every hour, send each open GitHub issue of acme/app to Slack #dev (anything labelled wontfix isn’t in scope).',
    'Every hour, send each open GitHub issue of acme/app to Slack #dev. Issues labelled wontfix are not ready yet.',
  ])('%s', (prompt) => {
    expect(plan(prompt, 'github', 'slack').filters).toContainEqual(
      expect.objectContaining({ field: 'labels', op: 'lacks', value: 'wontfix' }),
    );
  });
});

describe('a state left out by the words around it', () => {
  it.each([
    'Mirror GitLab issues of project 31 into Slack #eng - no need for closed issues.',
    'Mirror GitLab issues of project 31 into Slack #eng. Closed issues we can skip.',
    'Mirror GitLab issues of project 31 into Slack #eng. We don’t want closed issues.',
  ])('%s', (prompt) => {
    expect(plan(prompt, 'gitlab', 'slack').filters).toEqual([
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    ]);
  });

  it('keeps the state when the words before it drop something else', () => {
    expect(
      plan(
        'Mirror GitLab issues of project 31 into Slack #eng. Ignore spam, send closed issues.',
        'gitlab',
        'slack',
      ).filters,
    ).toContainEqual(expect.objectContaining({ field: 'state', op: 'eq', value: 'closed' }));
  });
});

describe('a state after "that", denied with a contraction or a perfect tense', () => {
  it.each([
    'Post GitLab issues of project 31 that aren’t closed to Slack #eng.',
    "Post GitLab issues of project 31 that haven't been closed yet to Slack #eng.",
    'Post GitLab issues of project 31 which have not been closed to Slack #eng.',
  ])('%s', (prompt) => {
    expect(plan(prompt, 'gitlab', 'slack').filters).toEqual([
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    ]);
  });

  it('reads a flag the same way', () => {
    expect(
      plan(
        'Post Asana tasks of project 1200000000000001 that haven’t been completed to Slack #eng.',
        'asana',
        'slack',
      ).filters,
    ).toContainEqual(expect.objectContaining({ field: 'completed', op: 'falsy' }));
  });
});

describe('a state denied with "not yet"', () => {
  it('keeps the records still short of it', () => {
    expect(
      plan('Post to #ship every Shopify order that is not yet fulfilled', 'shopify', 'slack')
        .filters,
    ).toContainEqual(
      expect.objectContaining({ field: 'fulfillment_status', op: 'ne', value: 'fulfilled' }),
    );
  });
});

describe('a container named by its owner and name', () => {
  it('is where the records are, not what they are', () => {
    const planned = plan(
      'In the repository octo/tools, every issue still open goes to Slack #triage',
      'github',
      'slack',
    );
    expect(planned.source?.resource.name).toBe('issue');
  });
});

describe('a state after "unless"', () => {
  it('leaves the records in that state out', () => {
    expect(
      plan('Each Stripe charge goes to #money, unless it was refunded', 'stripe', 'slack').filters,
    ).toContainEqual(expect.objectContaining({ field: 'refunded', op: 'falsy' }));
  });
});
