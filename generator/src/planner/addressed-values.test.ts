import { describe, expect, it } from 'vitest';
import { addressedValues, addressesFor, roleOfField } from './addressed-values.ts';
import { plan } from './catalog-plan.test-support.ts';

// Senders, recipients and copies a prompt gives for its messages, worded unlike any benchmark
// task: each takes the role of the cue before it, and the destination field of that role.

describe('addresses in a prompt', () => {
  it('gives each address the role of the nearest cue before it', () => {
    expect(
      addressedValues(
        'Mail the weekly list to sales-leads@corp.example and cc boss@corp.example; it should come from robot@corp.example, replies go to help@corp.example.',
      ),
    ).toEqual([
      { role: 'recipient', kind: 'email', value: 'sales-leads@corp.example' },
      { role: 'cc', kind: 'email', value: 'boss@corp.example' },
      { role: 'sender', kind: 'email', value: 'robot@corp.example' },
      { role: 'reply-to', kind: 'email', value: 'help@corp.example' },
    ]);
  });

  it('reads "from" after the service that sends as the sender', () => {
    expect(
      addressedValues(
        'Deliver a digest with Mailgun from digest@news.example to readers@news.example each Friday.',
      ),
    ).toEqual([
      { role: 'sender', kind: 'email', value: 'digest@news.example' },
      { role: 'recipient', kind: 'email', value: 'readers@news.example' },
    ]);
    expect(addressedValues('Copy issues from dev@team.example into Trello.')).toEqual([]);
  });

  it('reads an address in brackets as the people named just before it', () => {
    expect(
      addressedValues(
        'Each Friday, mail the warehouse crew (crew@depot.example) a list of late parcels, sent from bot@depot.example.',
      ),
    ).toEqual([
      { role: 'recipient', kind: 'email', value: 'crew@depot.example' },
      { role: 'sender', kind: 'email', value: 'bot@depot.example' },
    ]);
    expect(addressedValues('Our tax adviser (adviser@books.example) has asked for it.')).toEqual(
      [],
    );
  });

  it('reads spaced phone numbers as E.164, and "Sender:" lines', () => {
    expect(
      addressedValues('Text the on-call phone +1 (415) 555-0142. Sender: +1 415 555 0100'),
    ).toEqual([
      { role: 'recipient', kind: 'phone', value: '+14155550142' },
      { role: 'sender', kind: 'phone', value: '+14155550100' },
    ]);
  });

  it('leaves out addresses that are conditions on records or have no cue', () => {
    expect(
      addressedValues(
        'Skip contacts whose email is noreply@corp.example. Ask jo@corp.example if unsure. Ignore anything from a sender that is not vip@corp.example',
      ),
    ).toEqual([]);
  });

  it('reads no address from an exclusion, a record’s condition, an example, a mention or a choice', () => {
    const cases: Array<[string, string]> = [
      [
        "Never send from no-reply@corp.example; the desk's own box is fine.",
        'no-reply@corp.example',
      ],
      ['Forward each Zendesk ticket from boss@client.example to the team', 'boss@client.example'],
      ['Write to their own address, such as ana@client.example', 'ana@client.example'],
      [
        'Welcome each customer and mention our support email help@corp.example',
        'help@corp.example',
      ],
      ['Send it to ops@corp.example or desk@corp.example, whoever is on duty', 'desk@corp.example'],
    ];
    for (const [prompt, address] of cases)
      expect(addressedValues(prompt).map((v) => v.value)).not.toContain(address);
  });

  it('takes a role word before "email" or "is" as the role, and ends a number at its groups', () => {
    expect(addressedValues('Sender email: ops@corp.example')).toEqual([
      { role: 'sender', kind: 'email', value: 'ops@corp.example' },
    ]);
    expect(addressedValues('The recipient is audit@corp.example.')[0]?.role).toBe('recipient');
    expect(addressedValues('text +1 415 555 0100 (24h line) - 10 per run')[0]?.value).toBe(
      '+14155550100',
    );
    expect(addressedValues('text +44 7700 900456 - 10 at most')[0]?.value).toBe('+447700900456');
  });

  it('knows a field’s role by its name or by the object holding it', () => {
    expect(roleOfField('from.email')).toBe('sender');
    expect(roleOfField('personalizations.0.to.0.email')).toBe('recipient');
    expect(roleOfField('From')).toBe('sender');
    expect(roleOfField('h:Reply-To')).toBe('reply-to');
    expect(roleOfField('from.name')).toBeUndefined();
    expect(roleOfField('customer.email')).toBeUndefined();
  });

  it('fits addresses to a field’s kind: no phone number in an email field', () => {
    const values = addressedValues('send from +44 20 7946 0000 and from desk@corp.example');
    const email = { path: 'from.email', schema: { type: 'string', format: 'email' }, depth: 1 };
    const phone = { path: 'From', schema: { type: 'string', format: 'phone' }, depth: 0 };
    expect(addressesFor(email as never, values)).toEqual(['desk@corp.example']);
    expect(addressesFor(phone as never, values)).toEqual(['+442079460000']);
  });
});

describe('addresses in a plan', () => {
  it('fills a nested sender and one recipient item per address (SendGrid)', () => {
    const message = plan(
      'For every new Stripe customer, mail a welcome note to growth@corp.example and crm@corp.example, sent from hello@corp.example',
      'stripe',
      'sendgrid',
    ).destination?.message;
    expect(message?.channel).toBe('growth@corp.example');
    expect(message?.fixed).toMatchObject({
      'from.email': 'hello@corp.example',
      'personalizations.0.to.1.email': 'crm@corp.example',
    });
  });

  it('fills text address fields, comma-joined (Postmark)', () => {
    const message = plan(
      'when a Shopify order is paid, email accounts@corp.example and ledger@corp.example from shop@corp.example',
      'shopify',
      'postmark',
    ).destination?.message;
    expect(message?.channel).toBe('accounts@corp.example, ledger@corp.example');
    expect(message?.fixed).toMatchObject({ From: 'shop@corp.example' });
  });

  it('sends an SMS to the number after "to", from the number after "from" (Twilio)', () => {
    const planned = plan(
      'New GitHub issues in acme/web: an SMS each (to the support mobile +49 151 2345 6789 and from our line +49 30 1234 5678)',
      'github',
      'twilio',
    );
    expect(planned.destination?.message?.channel).toBe('+4915123456789');
    expect(planned.destination?.message?.fixed).toEqual({ From: '+493012345678' });
  });
});
