import { describe, expect, it } from 'vitest';
import {
  customers,
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Email destinations (docs/decisions/015-grounded-generation.md): the generated code, run in the
// real sandbox against loopback servers that behave as the descriptions say, sends each message
// to the address the prompt gives or to each record's own, from the sender it names, and one
// message for the run when the prompt asks for a single email.

useSandbox();

describe('grounded template generator: email destinations', () => {
  it('one SendGrid email per customer, to their own address, with the sender and subject given', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const sendgrid = await mock(entry('sendgrid'));
    const generated = generate(
      'Email every Stripe customer, plain text, subject line "Welcome aboard", from hi@corp.example',
      stripe,
      sendgrid,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, stripe, sendgrid));
    const sent = sendgrid.written('message');
    expect(sent.map((m) => m.personalizations)).toEqual(
      ['ada@example.com', 'alan@example.com', 'grace@example.com'].map((email) => [
        { to: [{ email }] },
      ]),
    );
    for (const message of sent) {
      expect(message.from).toEqual({ email: 'hi@corp.example' });
      expect(message.subject).toBe('Welcome aboard');
      expect((message.content as Array<{ type: string }>)[0]?.type).toBe('text/plain');
    }
  });

  it('a single Postmark email for the whole run lists every customer', async () => {
    const stripe = await mock(entry('stripe'), { customer: customers });
    const postmark = await mock(entry('postmark'));
    const generated = generate(
      'Every Monday send a single email to crm@corp.example from bot@corp.example listing all Stripe customers',
      stripe,
      postmark,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, stripe, postmark));
    const sent = postmark.written('email');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ To: 'crm@corp.example', From: 'bot@corp.example' });
    for (const name of ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'])
      expect(String(sent[0]?.TextBody)).toContain(name);
  });

  it('a digest lists every record that passes, past the cap on separate writes', async () => {
    // Seventy unassigned conversations and a few taken ones: one email names the seventy.
    const conversations = Array.from({ length: 74 }, (_, i) => ({
      id: 5000 + i,
      number: 700 + i,
      subject: `Question ${700 + i}`,
      status: 'active',
      assignee: i % 20 === 3 ? { id: 9, email: 'kim@desk.example' } : null,
    }));
    const helpScout = await mock(entry('help-scout'), { conversation: conversations }, 25);
    const postmark = await mock(entry('postmark'));
    const generated = generate(
      'Daily at 7, email one roundup to queue@desk.example from robot@desk.example of the conversations no one has claimed yet: number and subject.',
      helpScout,
      postmark,
    );
    expectSuccess(await run(generated.code, helpScout, postmark));
    const sent = postmark.written('email');
    expect(sent).toHaveLength(1);
    const body = String(sent[0]?.TextBody);
    const listed = conversations.filter((c) => c.assignee === null);
    expect(listed).toHaveLength(70);
    for (const c of listed) expect(body).toContain(`Question ${c.number}`);
    for (const c of conversations.filter((c) => c.assignee !== null))
      expect(body).not.toContain(`Question ${c.number}`);
  });

  it('fills a subject template and a body written under its label, each value in the format asked', async () => {
    const stripe = await mock(entry('stripe'), {
      invoice: [
        {
          id: 'in_77',
          object: 'invoice',
          number: 'KT-0077',
          customer: 'cus_1',
          customer_name: 'Ada Lovelace',
          customer_email: 'ada@example.com',
          amount_due: 129950,
          currency: 'eur',
          status: 'open',
          due_date: Date.UTC(2031, 2, 9) / 1000,
          created: Date.UTC(2031, 1, 9) / 1000,
        },
      ],
    });
    const postmark = await mock(entry('postmark'));
    const generated = generate(
      [
        'For each open Stripe invoice, email ledger@corp.example from dunning@corp.example.',
        'Subject: "Reminder <invoice number>"',
        'Text:',
        '',
        'Dear <customer name>,',
        'please settle <amount due> <currency in capitals> by <due date, DD/MM/YYYY>.',
        '',
        'No attachments are needed.',
      ].join('\n'),
      stripe,
      postmark,
    );
    expectSuccess(await run(generated.code, stripe, postmark));
    const [sent] = postmark.written('email');
    expect(sent).toMatchObject({ Subject: 'Reminder KT-0077', To: 'ledger@corp.example' });
    expect(sent?.TextBody).toBe('Dear Ada Lovelace,\nplease settle 1299.50 EUR by 09/03/2031.');
  });

  it("a reminder to each invoice's contact: the contact is read once, and one without an address is left out", async () => {
    const contact = (n: number, name: string, email: string) => ({
      ContactID: `c-${n}`,
      ContactStatus: 'ACTIVE',
      Name: name,
      EmailAddress: email,
    });
    const invoice = (number: string, contactId: number, name: string, status: string) => ({
      InvoiceID: `i-${number}`,
      InvoiceNumber: number,
      Type: 'ACCREC',
      Status: status,
      AmountDue: 120.5,
      CurrencyCode: 'NZD',
      Contact: { ContactID: `c-${contactId}`, Name: name },
    });
    const xero = await mock(entry('xero'), {
      contact: [
        contact(1, 'Kauri Joinery', 'accounts@kauri.example'),
        contact(2, 'Tui Bakery', ''),
        contact(3, 'Harbour Cycles', 'ap@harbourcycles.example'),
      ],
      invoice: [
        invoice('INV-1', 1, 'Kauri Joinery', 'AUTHORISED'),
        invoice('INV-2', 2, 'Tui Bakery', 'AUTHORISED'),
        invoice('INV-3', 1, 'Kauri Joinery', 'AUTHORISED'),
        invoice('INV-4', 3, 'Harbour Cycles', 'PAID'),
      ],
    });
    const postmark = await mock(entry('postmark'));
    const generated = generate(
      'For Xero tenant 0b7c2f44-1111-4a2b-9c3d-5e6f7a8b9c0d, mail a payment nudge to the contact’s email address for each AUTHORISED invoice, from ar@ledgerly.example, subject "Invoice <InvoiceNumber>", text "Dear <contact name>, <AmountDue> <CurrencyCode> is open." Invoices whose contact has no email address are left alone.',
      xero,
      postmark,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, xero, postmark));
    expect(postmark.written('email').map((m) => [m.To, m.From, m.Subject, m.TextBody])).toEqual([
      [
        'accounts@kauri.example',
        'ar@ledgerly.example',
        'Invoice INV-1',
        'Dear Kauri Joinery, 120.5 NZD is open.',
      ],
      [
        'accounts@kauri.example',
        'ar@ledgerly.example',
        'Invoice INV-3',
        'Dear Kauri Joinery, 120.5 NZD is open.',
      ],
    ]);
    // One get per contact, and none for the paid invoice's.
    const gets = xero.requests.filter((r) => r.path.includes('/Contacts/'));
    expect(gets.map((r) => r.path.split('/').at(-1))).toEqual(['c-1', 'c-2']);
  });
});
