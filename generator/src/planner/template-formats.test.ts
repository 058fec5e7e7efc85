import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { placeholderFormat } from './placeholders.ts';

// Formats a placeholder asks for, and the subject an email gets when the prompt gives none.

describe('formats inside placeholders', () => {
  it('separates the words of the field from the format', () => {
    expect(placeholderFormat('balance, 3 decimals')).toEqual({ words: 'balance', format: '3dp' });
    expect(placeholderFormat('ship date (DD.MM.YYYY)')).toEqual({
      words: 'ship date',
      format: 'DD.MM.YYYY',
    });
    expect(placeholderFormat('start h:mma')).toEqual({ words: 'start', format: 'h:mma' });
    expect(placeholderFormat('region in uppercase')).toEqual({ words: 'region', format: 'upper' });
    expect(placeholderFormat('customer name')).toEqual({ words: 'customer name' });
  });

  it('writes an amount kept in cents in major units', () => {
    const planned = plan(
      'Post each Stripe charge to Slack #pay as "Paid <amount> <currency in caps>"',
      'stripe',
      'slack',
    );
    expect(planned.destination?.message?.template).toBe('Paid {amount@major-2dp} {currency@upper}');
  });
});

describe('the subject of an email', () => {
  it('is made up, and said, when the prompt gives none', () => {
    const planned = plan(
      'Every weekday mail a digest of open GitHub issues of octo/tools to dev@corp.example from bot@corp.example',
      'github',
      'postmark',
    );
    expect(planned.destination?.message?.fixed?.Subject).toMatch(/^Issues from/);
    expect(planned.assumptions.join(' ')).toContain('no subject');
  });
});

describe('a template after a colon or "as", with no label word', () => {
  it('is the message each record becomes', () => {
    const messageOf = (prompt: string) =>
      plan(prompt, 'zendesk', 'slack').destination?.message?.template;
    expect(messageOf('Each urgent ticket goes to #desk. Per ticket: [<priority>] <subject>')).toBe(
      '[{priority}] {subject}',
    );
    expect(messageOf('send urgent tickets to #desk as <id> – <subject>')).toBe('{id} – {subject}');
  });

  it('leaves "as" in prose alone', () => {
    for (const prompt of [
      'ping #desk as soon as <requester> replies',
      'post urgent tickets to #desk as they arrive: <subject> (<priority>)',
    ]) {
      const template = plan(prompt, 'zendesk', 'slack').destination?.message?.template ?? '';
      expect(template).not.toMatch(/soon|they arrive/);
    }
  });

  it('leaves fields given one by one to their own fields', () => {
    const rules = plan(
      'put each new GitHub issue of acme/site into Jira project WEB as a Task: summary <title>, description <body>',
      'github',
      'jira',
    ).destination?.rules;
    expect(rules?.find((r) => r.to === 'summary')).toMatchObject({ from: 'title' });
  });
});
