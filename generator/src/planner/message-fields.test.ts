import { describe, expect, it } from 'vitest';
import type { TResource } from '@patchbay/schema';
import { plan } from './catalog-plan.test-support.ts';
import { messageBodyRule } from './message-fields.ts';

// A message that is an email or a text: who gets it, its subject and its body, one per record
// or one for the run, worded unlike any benchmark task.

describe('messages by email', () => {
  it('sends each record to its own address when the prompt names none (SendGrid)', () => {
    const planned = plan(
      'Greet every new Stripe customer by mail, plain text, subject line "Welcome aboard", from hi@corp.example',
      'stripe',
      'sendgrid',
    );
    const message = planned.destination?.message;
    expect(message?.summary).toBe(false);
    expect(message?.channel).toBe('{email}');
    expect(message?.fixed).toEqual({
      'from.email': 'hi@corp.example',
      subject: 'Welcome aboard',
      'content.0.type': 'text/plain',
    });
    expect(planned.assumptions.join(' ')).toMatch(/customer's email: the prompt gives no address/);
  });

  it('sends one digest for the run when the prompt asks for a single email', () => {
    const message = plan(
      'Each Friday, a single email to ops@corp.example from bot@corp.example listing the open GitHub issues in acme/web',
      'github',
      'postmark',
    ).destination?.message;
    expect(message).toMatchObject({ summary: true, channel: 'ops@corp.example' });
    const each = plan(
      'one email per new Stripe customer, from bot@corp.example',
      'stripe',
      'postmark',
    ).destination?.message;
    expect(each?.summary).toBe(false);
  });

  it('writes the contents the prompt lists into the body (Postmark)', () => {
    const message = plan(
      'For each new GitHub issue in acme/web, email triage@corp.example from bot@corp.example with its title, html_url and state',
      'github',
      'postmark',
    ).destination?.message;
    expect(message?.channel).toBe('triage@corp.example');
    expect(message?.template).toMatch(/\{title\}[\s\S]*\{html_url\}[\s\S]*\{state\}/);
  });

  it('takes a quoted value only after the field’s own name, never from a condition', () => {
    const message = plan(
      'Mail Stripe customers whose description is "VIP" from hi@corp.example; the subject is "Thanks"',
      'stripe',
      'sendgrid',
    ).destination?.message;
    expect(message?.fixed?.subject).toBe('Thanks');
    expect(Object.values(message?.fixed ?? {})).not.toContain('VIP');
  });

  it('sends to the address the prompt says the record holds, even when it is no person', () => {
    for (const prompt of [
      'Remind about each unpaid Stripe invoice by email with Postmark, sent to the customer’s e-mail address, from dunning@corp.example',
      'Each unpaid Stripe invoice goes to the customer by email through Postmark, from dunning@corp.example',
    ]) {
      const planned = plan(prompt, 'stripe', 'postmark');
      expect(planned.destination?.message?.channel).toBe('{customer_email}');
      expect(planned.blocking).toEqual([]);
    }
  });

  it('asks for an address when the owner the prompt names holds none', () => {
    const planned = plan(
      'Each failed Stripe charge goes to the finance team by email through Postmark, from bot@corp.example',
      'stripe',
      'postmark',
    );
    expect(planned.blocking.join(' ')).toMatch(/who gets the Postmark messages/);
  });

  it('never sends an alert about a record to the record’s own address', () => {
    const planned = plan(
      'Mail the finance team about each failed Stripe charge, from billing@corp.example',
      'stripe',
      'postmark',
    );
    expect(planned.destination?.message?.channel).toBeUndefined();
    expect(planned.unresolved.join(' ')).toMatch(/who gets the Postmark messages/);
  });

  it('keeps a quoted value of an exclusion or a fallback out, and a stated mapping wins', () => {
    const skipped = plan(
      'Email each new Stripe customer from hi@corp.example, but skip customers with the description "test"',
      'stripe',
      'sendgrid',
    ).destination?.message;
    expect(Object.values(skipped?.fixed ?? {})).not.toContain('test');
    const mapped = plan(
      'Copy GitHub issues in acme/web to Todoist, map title to content; if it has no body the description "none"',
      'github',
      'todoist',
    );
    const description = mapped.destination?.rules.find((r) => r.to === 'description');
    expect(description?.value).not.toBe('none');
  });
});

describe('a message body in a record write', () => {
  const resource = {
    name: 'issue',
    plural: 'issues',
    aliases: [],
    schema: { type: 'object', properties: {} },
    operations: [],
  } as unknown as TResource;
  const source = [
    { path: 'title', schema: { type: 'string' as const }, depth: 0 },
    { path: 'html_url', schema: { type: 'string' as const }, depth: 0 },
  ];
  const targets = [{ path: 'TextBody', schema: { type: 'string' as const }, depth: 0 }];

  it('is the record’s title and link when the prompt gives no text, said as an assumption', () => {
    const body = messageBodyRule('mail them to ops', resource, targets, [], source);
    expect(body?.rule).toMatchObject({ to: 'TextBody', template: '{title}\n{html_url}' });
    expect(body?.assumed).toMatch(/no text for TextBody/);
  });

  it('is nothing when a rule already fills it', () => {
    const filled = [{ to: 'TextBody', value: 'hi', type: 'string' as const, reason: 'the prompt' }];
    expect(messageBodyRule('mail them', resource, targets, filled, source)).toBeUndefined();
  });
});

describe('people the records are about get the messages', () => {
  it('texts each client at the record’s number, from the sender’s number the prompt gives', () => {
    const planned = plan(
      'Every client booked in Acuity gets a text from our front-desk line +14155550100 (account AC0123456789abcdef0123456789abcdef): "See you soon, <first name>!" If a client has no phone number, skip her.',
      'acuity-scheduling',
      'twilio',
    );
    expect(planned.destination?.message).toMatchObject({
      channel: '{phone}',
      fixed: expect.objectContaining({ From: '+14155550100' }),
    });
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'phone', op: 'truthy' }),
    );
  });
});

describe('a message’s contents listed after a colon', () => {
  it('takes each item as a field, an owner’s field by the owner’s name', () => {
    const planned = plan(
      'Each morning send one email to dev@corp.example from bot@corp.example about the open GitHub issues of octo/tools: issue number, title and the milestone’s title.',
      'github',
      'postmark',
    );
    expect(planned.destination?.message?.template).toBe(
      '{number}\nTitle: {title}\nMilestone’s title: {milestone.title}',
    );
  });
});

describe('an email’s sender, subject and body as people type them', () => {
  it('takes "from" after the people a sending verb addresses as the sender, and mails each one', () => {
    const message = plan(
      'mail every new HubSpot contact from welcome@corp.example, subject "Your trial starts today"',
      'hubspot',
      'brevo',
    ).destination?.message;
    expect(message?.fixed).toMatchObject({
      'sender.email': 'welcome@corp.example',
      subject: 'Your trial starts today',
    });
    expect(message?.channel).toBe('{properties.email}');
  });

  it('takes a sender after a colon', () => {
    const message = plan(
      'a note for each new Stripe customer goes out by email: from desk@corp.example',
      'stripe',
      'postmark',
    ).destination?.message;
    expect(message?.fixed?.From).toBe('desk@corp.example');
  });

  it('reads an unquoted subject to the end of its clause', () => {
    const subjectOf = (prompt: string) =>
      plan(prompt, 'stripe', 'postmark').destination?.message?.fixed?.Subject;
    expect(
      subjectOf('email each new Stripe customer from a@corp.example, subject: Glad you are here'),
    ).toBe('Glad you are here');
    expect(
      subjectOf(
        'email each new Stripe customer; subject Your invoice is on its way, from a@corp.example',
      ),
    ).toBe('Your invoice is on its way');
    expect(
      subjectOf(
        'Email each new Stripe customer. The subject line is Account ready (no reply needed).',
      ),
    ).toBe('Account ready');
  });

  it('gives the subject the text labelled as the subject, and the body the next one', () => {
    const message = plan(
      'email each new Stripe customer from a@corp.example with subject "Hello there" and body "Hi {name}, your account is live."',
      'stripe',
      'postmark',
    ).destination?.message;
    expect(message?.fixed?.Subject).toBe('Hello there');
    expect(message?.template).toBe('Hi {name}, your account is live.');
  });

  it('writes a quoted body with no field in it as it is, rather than a made-up one', () => {
    const message = plan(
      'email each new Stripe customer from a@corp.example, subject "Hi", body "We have received your first payment."',
      'stripe',
      'postmark',
    ).destination?.message;
    expect(message?.template).toBe('We have received your first payment.');
  });
});

describe('words about a subject or a body that are not one', () => {
  const messageOf = (prompt: string, source = 'zendesk') =>
    plan(prompt, source, 'postmark').destination?.message;

  it('takes no subject from where it comes from, or from a condition on the records', () => {
    for (const prompt of [
      'Mail desk@corp.example from bot@corp.example per ticket; make the ticket title the subject of the mail',
      'Mail desk@corp.example from bot@corp.example per ticket. Its subject line is their own subject.',
      'Mail desk@corp.example from bot@corp.example about tickets where the subject is Login broken',
    ])
      expect(messageOf(prompt)?.fixed?.Subject).toBe('Ticket: {subject}');
  });

  it('stops an unquoted subject before the sender and the body, not at a plain "to"', () => {
    expect(
      messageOf('mail each new Stripe customer, subject: Off to a good start', 'stripe')?.fixed
        ?.Subject,
    ).toBe('Off to a good start');
  });

  it('takes no body from a condition, a text said to be the subject, or other placeholders', () => {
    expect(
      messageOf('Mail desk@corp.example from bot@corp.example per ticket whose text is "ping"')
        ?.template,
    ).not.toBe('ping');
    expect(
      messageOf(
        'mail each new Stripe customer from a@corp.example with the message "Card declined" as the subject',
        'stripe',
      )?.template,
    ).not.toBe('Card declined');
    expect(
      messageOf(
        'mail each new Stripe customer from a@corp.example, body "Hello [customer name]"',
        'stripe',
      )?.template,
    ).not.toBe('Hello [customer name]');
  });

  it('gives no sender from an address that chooses the records', () => {
    for (const prompt of [
      'Relay every notice from alerts@vendor.example to desk@corp.example',
      'Mail desk@corp.example about tickets. Condition: from boss@corp.example only.',
    ])
      expect(messageOf(prompt)?.fixed?.From).toBeUndefined();
  });
});
