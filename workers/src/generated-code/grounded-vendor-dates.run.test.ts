import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Times as vendors write them, compared in the generated code: Xero's Microsoft JSON dates
// ("/Date(1727740800000+0000)/"), and a tenant header the prompt gives by its words.

useSandbox();

describe("a vendor's own date format, in the generated code", () => {
  it('keeps the Xero invoices whose due date has passed, sending the tenant the prompt names', async () => {
    const invoice = (id: string, due: number) => ({
      InvoiceID: id,
      InvoiceNumber: id.toUpperCase(),
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      AmountDue: 120,
      DueDate: `/Date(${due}+0000)/`,
      Contact: { ContactID: 'c-1', Name: 'Hollow Oak Ltd' },
    });
    const xero = await mock(entry('xero'), {
      invoice: [
        invoice('inv-overdue', Date.UTC(2020, 0, 15)),
        invoice('inv-future', Date.UTC(2099, 0, 15)),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Our Xero organisation has tenant id 0f1e2d3c-aaaa-4bbb-8ccc-123456789abc. Post every overdue Xero invoice to Slack #receivables.',
      xero,
      slack,
    );
    expectSuccess(await run(generated.code, xero, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('inv-overdue');
    expect(
      xero.requests.every(
        (r) => r.headers['xero-tenant-id'] === '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc',
      ),
    ).toBe(true);
  });
});
