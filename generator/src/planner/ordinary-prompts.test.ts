import { describe, expect, it } from 'vitest';
import { addressedValues } from './addressed-values.ts';
import { plan } from './catalog-plan.test-support.ts';

// Ordinary sentences that look like the constructions the planner reads (paired lists, column
// lists after "fill in", "are not", "via X from", an upsert, "get updated", a tag, "per
// request") and must be left as they are.

describe('sentences that only look like a construction', () => {
  it('pairs no lists when the right side is not field names', () => {
    const planned = plan(
      'Copy each new Stripe customer name and email to HubSpot and mark them as a lead.',
      'stripe',
      'hubspot',
    );
    const targets = (planned.destination?.rules ?? []).map((r) => r.to);
    expect(targets).not.toContain('HubSpot');
    expect(targets).toContain('email');
  });

  it('reads "fill in N/A" as a value to write, and a "with … columns" list as before', () => {
    const fallback = plan(
      'Append a row per Stripe customer to Google Sheet 1AbcDEF_sheet123 with name, email and phone. If the phone is missing, fill in N/A.',
      'stripe',
      'google-sheets',
    );
    expect(fallback.blocking).toEqual([]);
    expect(fallback.destination?.columns).toEqual(['name', 'email', 'phone']);
    const columns = plan(
      'Append a row per Stripe customer to Google Sheet 1AbcDEF_sheet123 with the name, email and phone columns.',
      'stripe',
      'google-sheets',
    );
    expect(columns.destination?.columns).toEqual(['name', 'email', 'phone']);
  });

  it('keeps a filter when "are not" says something else about those records', () => {
    const planned = plan(
      'Post each Stripe customer without a phone to Slack #sales. Customers without a phone are not reachable by SMS, so sales should call them.',
      'stripe',
      'slack',
    );
    expect(new Set(planned.filters.map((f) => `${f.field} ${f.op}`))).toEqual(
      new Set(['phone falsy']),
    );
  });

  it('takes "from" after a lower-case word for a condition, not a sender', () => {
    expect(
      addressedValues(
        'Forward Zendesk tickets with attachments from vip@client.com to ops@acme.com via Postmark, sent from alerts@acme.com.',
      ).filter((a) => a.role === 'sender'),
    ).toEqual([{ role: 'sender', kind: 'email', value: 'alerts@acme.com' }]);
  });

  it('asks what to match on rather than merge records on a field that does not tell them apart', () => {
    const planned = plan(
      'Upsert Stripe customers into the Airtable base CRM, table People in batches. Map description to Notes.',
      'stripe',
      'airtable',
    );
    expect(planned.blocking.join(' ')).toMatch(/match records on/);
    expect(planned.destination?.rules.some((r) => r.top)).toBe(false);
  });

  it('keeps a cursor for records that get updated, a tag filter, and a retry count', () => {
    expect(
      plan(
        'Every hour copy Stripe customers that get updated into HubSpot contacts.',
        'stripe',
        'hubspot',
      ).cursor?.kind,
    ).toBe('changed');
    const tagged = plan(
      'Add Zendesk tickets with tag "urgent" to GitHub issues in octo/tools.',
      'zendesk',
      'github',
    );
    expect(tagged.destination?.rules.find((r) => r.to === 'labels')?.value).toBeUndefined();
    const retried = plan(
      'Send Stripe customers to Zoho CRM as contacts in batches, retrying 3 times per request; update the contact if it already exists.',
      'stripe',
      'zoho-crm',
    );
    expect(retried.destination?.batch?.maxItems).toBe(100);
  });

  it('reads "using X as the key" as no mapping, and field lines under arrows as mappings', () => {
    const keyed = plan(
      'Add new HubSpot contacts to the Mailchimp audience "Newsletter", using email as the unique key.',
      'hubspot',
      'mailchimp',
    );
    expect(keyed.destination?.rules.map((r) => r.to)).not.toContain('merge_fields.unique key');
    expect(keyed.blocking).toEqual([]);
    const lines = plan(
      [
        'Turn each new GitHub issue into a Trello card on list 64f1a2b3c4d5e6f7a8b9c0d1:',
        'Issue title -> name',
        'Issue URL -> card name',
      ].join('\n'),
      'github',
      'trello',
    );
    expect(lines.unresolved.join(' ')).not.toContain('value table');
    expect(lines.destination?.rules.find((r) => r.to === 'name')?.values).toBeUndefined();
  });

  it('turns on no skipping for a record the source lacks something in', () => {
    const planned = plan(
      'Sync new Stripe customers to HubSpot contacts. If a customer has no email, log it and move on.',
      'stripe',
      'hubspot',
    );
    expect(planned.destination?.onRefused).toBeUndefined();
  });
});
