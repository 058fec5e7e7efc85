import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Rows of a spreadsheet: the tab the prompt names, and the columns it lists after a lead-in,
// including fields of a nested object ("user login", "milestone title").

describe('rows of a named tab, in the columns listed', () => {
  const planned = plan(
    'Append one row per GitHub issue of octo/tools to spreadsheet 1AbCdEfGh, in the tab named "Triage 2025". Columns, as follows: number, title, user login, milestone title, state.',
    'github',
    'google-sheets',
  );

  it('writes to the tab', () => {
    expect(planned.destination?.pathParams.range).toBe("'Triage 2025'!A1");
  });

  it('keeps every listed column, in order, nested ones by their object', () => {
    expect(planned.destination?.columns).toEqual([
      'number',
      'title',
      'user.login',
      'milestone.title',
      'state',
    ]);
  });

  it('quotes nothing for a plain tab name written before its noun', () => {
    const other = plan(
      'Add each GitHub issue of octo/tools as a row to the Backlog tab of spreadsheet 1AbCdEfGh',
      'github',
      'google-sheets',
    );
    expect(other.destination?.pathParams.range).toBe('Backlog!A1');
  });

  it('stops, rather than shift the row, when a listed column matches no field', () => {
    const gap = plan(
      'Add each GitHub issue of octo/tools as a row to spreadsheet 1AbCdEfGh. Columns: number, mood of the reporter, title.',
      'github',
      'google-sheets',
    );
    expect(gap.blocking.join(' ')).toContain('mood of the reporter');
  });
});
