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
