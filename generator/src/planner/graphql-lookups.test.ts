import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from '../template-generator.ts';
import { entry, plan } from './catalog-plan.test-support.ts';

// A container named by its title on a GraphQL API, whose list needs a variable the write has
// already (monday.com's groups are read through their board), worded unlike any benchmark task.

const PROMPT =
  'Each open Zendesk ticket becomes an item on board 5544332211, in the group "Escalations", named like its subject';

describe('a group named by its title, looked up through its board', () => {
  it('plans the lookup with the board the write names', () => {
    const planned = plan(PROMPT, 'zendesk', 'monday');
    const lookup = planned.lookups.find((l) => l.target.name === 'groupId');
    expect(lookup).toMatchObject({
      resource: 'group',
      name: 'Escalations',
      pathParams: { boardId: '5544332211' },
      itemsPath: 'data.boards.0.groups',
    });
  });

  it('sends the board as a variable of the lookup’s query', () => {
    const code = generateTemplateCode(
      {
        sourceApiName: 'Zendesk',
        sourceApiUrl: entry('zendesk').baseUrl,
        sourceAuthType: 'bearer',
        destApiName: 'monday.com',
        destApiUrl: entry('monday').baseUrl,
        destAuthType: 'api-key',
        userPrompt: PROMPT,
      },
      { source: entry('zendesk'), destination: entry('monday') },
    ).code;
    expect(code).toContain("const LOOKUP_PATH_0 = { boardId: '5544332211' };");
    expect(code).toMatch(/variables: \{ \.\.\.LOOKUP_PATH_0, \.\.\.page\.query \}/);
  });
});

describe('a quoted column nothing in the plan writes', () => {
  it('stops the write instead of leaving the column out', () => {
    const planned = plan(
      'Each open Zendesk ticket becomes an item on board 5544332211, named like its subject, with its priority in the column "Urgency"',
      'zendesk',
      'monday',
    );
    expect(planned.blocking.join(' ')).toMatch(/column "Urgency"/);
  });

  it('is no gap where a rule writes it', () => {
    const planned = plan(
      'Every paid Stripe invoice becomes a page in Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 with the properties: "Invoice number" (its number), Total (the amount due).',
      'stripe',
      'notion',
    );
    expect(planned.blocking.join(' ')).not.toMatch(/Invoice number/);
  });
});
