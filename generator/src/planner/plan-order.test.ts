import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// The order records are written in, from the words that give it.

describe('the order of the writes', () => {
  const sortOf = (prompt: string, source = 'github', destination = 'slack') =>
    plan(prompt, source, destination).sort;

  it('reads a field and a direction', () => {
    expect(
      sortOf(
        'Post each GitHub issue of octo/tools to Slack #triage, sorted by updated at, descending',
      ),
    ).toMatchObject({ field: 'updated_at', direction: 'desc' });
    expect(
      sortOf('Post each GitHub issue of octo/tools to Slack #triage in order of number'),
    ).toMatchObject({ field: 'number', direction: 'asc' });
  });

  it('orders by the time the prompt is about when only "oldest" or "newest" is said', () => {
    expect(
      sortOf(
        'Post each GitHub issue of octo/tools closed during March 2025 to Slack #triage, earliest closure first',
      ),
    ).toMatchObject({ field: 'closed_at', direction: 'asc' });
    expect(
      sortOf('Send each Shopify order to Slack #sales with the latest at the top', 'shopify'),
    ).toMatchObject({ field: 'created_at', direction: 'desc' });
    expect(sortOf('Send each Shopify order to Slack #sales as the latest news', 'shopify')).toBe(
      undefined,
    );
    expect(
      sortOf('Send each Shopify order to Slack #sales, latest on top', 'shopify'),
    ).toMatchObject({ field: 'created_at', direction: 'desc' });
  });

  it('orders by amount for "largest first"', () => {
    expect(
      sortOf('Send each Shopify order to Slack #sales, biggest first', 'shopify'),
    ).toMatchObject({ direction: 'desc', field: expect.stringMatching(/price|total/) });
  });

  it('orders a tie by a field’s choices in their own order when one is said to lead', () => {
    const tickets = (order: string) =>
      sortOf(
        `Post each Zendesk ticket to Slack #desk sorted by created at, then by priority, ${order}`,
        'zendesk',
      )?.then;
    expect(tickets('urgent first.')).toEqual([
      { field: 'priority', direction: 'asc', rank: ['urgent', 'high', 'normal', 'low'] },
    ]);
    expect(tickets('with the low ones on top.')).toEqual([
      { field: 'priority', direction: 'desc', rank: ['urgent', 'high', 'normal', 'low'] },
    ]);
    // "normal first" says nothing of the rest's order: no key, left for the person to say.
    expect(tickets('normal first.')).toBeUndefined();
  });
});
