import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { refusedRecordsSkipped } from './refused-records.ts';

// A prompt that asks the run to go on past records the destination refuses.

describe('records the destination refuses', () => {
  it('are skipped when the prompt says to log them and go on', () => {
    for (const prompt of [
      'Push the contacts over. If HubSpot rejects one, log it and move on.',
      'Some rows will be invalid for the CRM. Skip those and keep going.',
      'When a create fails with 422, just skip it and continue.',
      'A duplicate makes the API answer an error; that should not stop the whole sync.',
      'If the CRM answers with an error, log the problem and carry on with the rest.',
      'When Mailchimp rejects one, just skip it.',
      'If HubSpot fails to create a contact, skip that customer and continue with the next.',
    ])
      expect(refusedRecordsSkipped(prompt), prompt).toBeDefined();
  });

  it('are not skipped when nothing speaks of a failure', () => {
    for (const prompt of [
      'Copy the invoices and skip it and continue if the customer is a test account',
      'Only new orders. Keep going until every page is read.',
      'Post each issue to Slack; ignore the drafts and continue with the published ones.',
      'If the sync fails, alert me.',
      'If a customer has no email, log it and move on.',
      'If an error has fewer than 10 events, skip it and move on.',
      'Copy the last 400 orders. If an order has no SKU, skip it and continue.',
    ])
      expect(refusedRecordsSkipped(prompt), prompt).toBeUndefined();
  });

  it('sets the write to go on, and says so on the plan', () => {
    const planned = plan(
      'Send each Stripe customer to HubSpot as a contact. HubSpot may refuse a few; log them and continue.',
      'stripe',
      'hubspot',
    );
    expect(planned.destination?.onRefused).toBe('skip');
    expect(planned.understood.join(' ')).toContain('is logged and skipped, and the run goes on');
    expect(planned.unresolved.join(' ')).not.toContain('log them and continue');
    expect(
      plan('Send each Stripe customer to HubSpot as a contact.', 'stripe', 'hubspot').destination
        ?.onRefused,
    ).toBeUndefined();
  });
});
