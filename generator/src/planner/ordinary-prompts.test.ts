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

// Found by a fresh read of the second pass: spec comparisons, shaped lines, empty digests,
// recipients and terse settings misreading ordinary sentences.
describe('sentences near the second pass’s constructions', () => {
  const filters = (prompt: string, source: string, destination: string) =>
    plan(prompt, source, destination).filters.map(({ field, op, value }) => [field, op, value]);

  it('reads "=" between two fields as a mapping, and a setting for the destination as none', () => {
    expect(
      filters(
        'Sync new Stripe customers to HubSpot contacts with email = email, phone = phone.',
        'stripe',
        'hubspot',
      ),
    ).toEqual([]);
    expect(
      filters(
        'Create a Jira issue for each new Zendesk ticket. Map subject = summary.',
        'zendesk',
        'jira',
      ),
    ).toEqual([]);
    expect(
      filters(
        'Create a Jira issue in project OPS for each new Zendesk ticket; type should be task.',
        'zendesk',
        'jira',
      ),
    ).toEqual([]);
  });

  it('ends a comparison where the sentence moves on', () => {
    expect(
      filters(
        'Post Zendesk tickets to #support in Slack. status should be open, not pending.',
        'zendesk',
        'slack',
      ),
    ).toContainEqual(['status', 'eq', 'open']);
    expect(
      filters(
        'Post Zendesk tickets to #support in Slack when status = open and they were raised by a new customer.',
        'zendesk',
        'slack',
      ),
    ).toEqual([['status', 'eq', 'open']]);
    expect(
      filters(
        'Post Zendesk tickets where subject = "Refund request" to #support with the message "Refund: <subject>"',
        'zendesk',
        'slack',
      ),
    ).toEqual([['subject', 'eq', 'Refund request']]);
    expect(
      filters(
        'Post Zendesk tickets whose external_id != "" to #support, titled "Linked ticket"',
        'zendesk',
        'slack',
      )[0],
    ).toEqual(['external_id', 'truthy', undefined]);
  });

  it('keeps a fallback for a field out of what an empty digest says', () => {
    const planned = plan(
      'Every morning post a digest of open GitHub issues in acme/web to #dev listing each title and its labels; if there are no labels, write "none".',
      'github',
      'slack',
    );
    expect(planned.destination?.message?.whenEmpty).toBeUndefined();
  });

  it('falls back to the record’s address when the owner named holds none', () => {
    expect(
      plan(
        'Send each new Stripe customer a welcome email from hi@acme.com to their primary email via Postmark.',
        'stripe',
        'postmark',
      ).destination?.message?.channel,
    ).toBe('{email}');
  });

  it('takes no pronoun for a tag and no label condition for a setting', () => {
    const rules = (prompt: string) =>
      plan(prompt, 'github', 'zendesk')
        .destination?.rules.filter((r) => r.value !== undefined)
        .map((r) => r.to);
    expect(
      rules('Create a Zendesk ticket for each new GitHub issue in acme/web, tag them.'),
    ).not.toContain('tags');
    expect(
      rules('Open a Zendesk ticket for every GitHub issue in acme/web labelled priority: high.'),
    ).not.toContain('priority');
  });

  it('shapes no line from a header row or a plain list of fields', () => {
    const template = (prompt: string) =>
      plan(prompt, 'stripe', 'slack').destination?.message?.template;
    expect(
      template(
        'Every Monday post a digest of new Stripe customers to #sales. Start with a header line like this: "Name | Email | Phone", then one line per customer.',
      ),
    ).toBeUndefined();
    expect(
      template(
        'Post each new Stripe customer to #sales. Include the details as follows: name, email, phone.',
      ),
    ).toBe('{name}\nEmail: {email}\nPhone: {phone}');
  });
});
