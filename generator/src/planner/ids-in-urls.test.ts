import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { idFromUrls } from './ids-in-urls.ts';

// Ids inside links pasted from an app.

describe('ids inside links', () => {
  it('reads each app’s own link shape', () => {
    const cases: Array<[string, string[], string]> = [
      [
        'see https://www.notion.so/northwind/Launch-plan-0f1e2d3c4b5a69788796a5b4c3d2e1f0?v=1',
        ['database'],
        '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      ],
      ['project: https://app.asana.com/0/1200000000000777/board.', ['project'], '1200000000000777'],
      [
        'the sheet https://docs.google.com/spreadsheets/d/1AbCdEfGh_ijk-LMN/edit#gid=0',
        ['spreadsheet'],
        '1AbCdEfGh_ijk-LMN',
      ],
      ['board https://trello.com/b/Xy12AbCd/sprint-board', ['board'], 'Xy12AbCd'],
      [
        'in https://airtable.com/appA1b2C3d4E5f6G7/tblZ9y8X7w6V5u4T3/viwQ',
        ['table'],
        'tblZ9y8X7w6V5u4T3',
      ],
      ['our board https://acme.monday.com/boards/4455667788/views/1', ['board'], '4455667788'],
    ];
    for (const [text, hints, id] of cases) expect(idFromUrls(text, hints), text).toBe(id);
  });

  it('gives nothing for a link without the noun, or a noun with no id after it', () => {
    expect(idFromUrls('docs at https://example.com/guide/projects', ['project'])).toBeUndefined();
    expect(idFromUrls('https://app.asana.com/0/1200000000000777/list', ['board'])).toBeUndefined();
    expect(
      idFromUrls('not a link: notion.so/x-0f1e2d3c4b5a69788796a5b4c3d2e1f0', ['database']),
    ).toBeUndefined();
  });
});

describe('a container named by its link', () => {
  it('is where the records are, not what they are', () => {
    const planned = plan(
      'Take the Trello board https://trello.com/b/Qw3rTy78/hiring and make a Todoist task for every card on it.',
      'trello',
      'todoist',
    );
    expect(planned.source?.resource.name).toBe('card');
    expect(planned.source?.pathParams).toEqual({ id: 'Qw3rTy78' });
  });
});
