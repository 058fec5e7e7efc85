import { describe, expect, it } from 'vitest';
import { entry, plan } from './catalog-plan.test-support.ts';
import { emptyDigestText } from './empty-digest.ts';

// What a digest says on a run that has nothing to list (empty-digest.ts).

const issues = entry('github').resources.find((r) => r.name === 'issue')!;
const read = (prompt: string) => emptyDigestText(prompt, issues);

describe('a digest with nothing to list', () => {
  it('reads the words to send, written before or after the condition', () => {
    expect(read('If there are no open incidents, still post “All systems green”.')?.text).toBe(
      'All systems green',
    );
    expect(read('On weeks when nothing shipped, send a line saying "No releases"')?.text).toBe(
      'No releases',
    );
    expect(read('Reply "Inbox zero" when the list comes back empty.')?.text).toBe('Inbox zero');
  });

  it('is no such text when the condition is about one field of a record', () => {
    expect(read('Post each signup. If no phone, write "n/a".')).toBeUndefined();
    expect(read('If a ticket has no assignee, send "unassigned".')).toBeUndefined();
  });

  it('is no such text when the plural names a field of the records', () => {
    // An issue's `labels`: a fallback for that field, not what an empty run says.
    expect(
      read('List each issue with its labels; if there are no labels, write "none".'),
    ).toBeUndefined();
  });

  it('sets the digest text, and its quoted words make no filter', () => {
    const planned = plan(
      'Every morning send Slack #support one summary of the Zendesk tickets created yesterday. When nothing matches, post "No urgent tickets left open" instead.',
      'zendesk',
      'slack',
    );
    expect(planned.destination?.message).toMatchObject({
      summary: true,
      whenEmpty: 'No urgent tickets left open',
    });
    // "No urgent" inside the quote would otherwise leave out the urgent tickets.
    expect(planned.filters.map((f) => f.field)).toEqual(['created_at']);
  });

  it('is left out of a message sent per record', () => {
    const planned = plan(
      'Post each Zendesk ticket to Slack #support. If there are no tickets, post "Quiet".',
      'zendesk',
      'slack',
    );
    expect(planned.destination?.message?.summary).toBe(false);
    expect(planned.destination?.message?.whenEmpty).toBeUndefined();
  });
});
