import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Columns listed in prose, where words in brackets after a column say which field fills it:
// for a Notion database (whose columns the catalog cannot know), a sheet and a SOQL read.

describe('a prose list of columns with what fills them in brackets', () => {
  it("names a Notion database's properties and their fields, in order", () => {
    const planned = plan(
      'Each GitHub issue of octo/tools should land in Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9. Please fill in Headline (what the issue is called), Reporter (the login of the issue’s user), Opened (when it was created) and Link (its html url); nothing else is needed.',
      'github',
      'notion',
    );
    const rules = (planned.destination?.rules ?? []).filter((r) => r.from);
    expect(rules.map((r) => [r.to, r.from])).toEqual([
      ['Headline', 'title'],
      ['Reporter', 'user.login'],
      ['Opened', 'created_at'],
      ['Link', 'html_url'],
    ]);
    expect(planned.destination?.propertyTypes).toMatchObject({
      Headline: 'title',
      Opened: 'date',
      Link: 'url',
    });
    expect(planned.blocking).toEqual([]);
  });

  it('stops on a listed property nothing fills, instead of writing the page without it', () => {
    const planned = plan(
      'Copy GitHub issues of octo/tools to Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9, with the properties: Title, Mood (how the reporter felt), State.',
      'github',
      'notion',
    );
    expect(planned.blocking.join(' ')).toContain('"Mood"');
  });

  it('reads a sheet row from the brackets too, keeping each column in its place', () => {
    const planned = plan(
      'Append a row per GitHub issue of octo/tools to spreadsheet 1AbCdEfGh. Columns: No. (the issue number), Summary (the title), Author (user login), State.',
      'github',
      'google-sheets',
    );
    expect(planned.destination?.columns).toEqual(['number', 'title', 'user.login', 'state']);
  });

  it('takes "fill in" with one object for a verb, not for a list', () => {
    const planned = plan(
      'Fill in the tracking sheet 1AbCdEfGh with one row per GitHub issue of octo/tools.',
      'github',
      'google-sheets',
    );
    expect(planned.blocking).toEqual([]);
    expect(planned.destination?.columns?.length).toBeGreaterThan(2);
  });

  it('selects a related record’s field in SOQL only when the plan writes it', () => {
    const related = plan(
      'Put every Salesforce opportunity as a row in spreadsheet 1AbCdEfGh, columns: Title (the deal name), Seller (the owner’s name), Customer (the account name), Value (amount).',
      'salesforce',
      'google-sheets',
    );
    expect(related.destination?.columns).toEqual(['Name', 'Owner.Name', 'Account.Name', 'Amount']);
    const soql = String(related.source?.query.q);
    expect(soql).toMatch(/^SELECT .*\bOwner\.Name\b.* FROM Opportunity/);
    expect(soql).toContain('Account.Name');

    const own = plan(
      'Put every Salesforce opportunity as a row in spreadsheet 1AbCdEfGh, columns: name, amount.',
      'salesforce',
      'google-sheets',
    );
    const plain = String(own.source?.query.q);
    expect(plain).not.toMatch(/\bOwner\b|\bAccount\b/);
    expect(plain).toMatch(/^SELECT Id, Name, .* FROM Opportunity$/);
  });

  it('takes the field whose documented example looks like the sample the brackets show', () => {
    const planned = plan(
      'Append a row to spreadsheet 1AbCdEfGh for every Shopify order. Columns: Ref (for example "#2210"), Buyer (their email), Created (YYYY-MM-DD).',
      'shopify',
      'google-sheets',
    );
    // "#2210" is shaped like the order's name ("#1001"), not its order_number (1001).
    expect(planned.destination?.columns).toEqual(['name', 'email', 'created_at']);
    const placed = planned.destination?.rules.find((r) => r.from === 'created_at');
    expect(placed?.format).toBe('date');
  });

  it('reads a column named with the record’s own noun as that record’s field', () => {
    const planned = plan(
      'Add a row to spreadsheet 1AbCdEfGh for each Stripe invoice. Columns: invoice number, invoice currency, invoice status, invoice date.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.columns).toEqual(['number', 'currency', 'status']);
    // "invoice date" alone could be the day it was made or the one it is dated: no guess.
    expect(planned.blocking.join(' ')).toContain('"invoice date"');
  });

  it('writes rows when a noun of another resource only modifies "row"', () => {
    const planned = plan(
      'One sheet row per Stripe customer in spreadsheet 1AbCdEfGh; columns: customer email, customer name.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.operation.id).toBe('appendValues');
    expect(planned.destination?.columns).toEqual(['email', 'name']);
  });
});

describe('columns a pasted spec lists', () => {
  const columnsOf = (prompt: string, source = 'stripe') =>
    plan(prompt, source, 'google-sheets').destination?.columns;

  it('parts columns by pipes, after a note in brackets', () => {
    expect(
      columnsOf(
        'Each new Stripe charge becomes a row of Google Sheet 1QwErTyUiOpAsDfGh. Columns (left to right): Email | Amount | Currency',
      ),
    ).toEqual(['receipt_email', 'amount', 'currency']);
  });

  it('reads a column called just "Date" as when the record was made', () => {
    expect(
      columnsOf(
        'Each new Shopify order becomes a row of Google Sheet 1QwErTyUiOpAsDfGh. Columns: Date, Total',
        'shopify',
      ),
    ).toEqual(['created_at', 'total_price']);
  });

  it('keeps a field that is called "Date"', () => {
    expect(
      columnsOf(
        'Each new Xero invoice becomes a row of Google Sheet 1QwErTyUiOpAsDfGh. Columns: Date, Total',
        'xero',
      ),
    ).toEqual(['Date', 'Total']);
  });

  it('writes rows when the spreadsheet is named by id and its tab by name', () => {
    const planned = plan(
      'Put a row in spreadsheet 1QwErTyUiOpAsDfGh sheet Ledger for each new Stripe charge.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.operation.id).toBe('appendValues');
  });
});

describe('a "Date" column of records that happen at a time of their own', () => {
  it('is when they happen', () => {
    const planned = plan(
      'Each new Calendly event becomes a row of Google Sheet 1QwErTyUiOpAsDfGh. Columns: Date, Name',
      'calendly',
      'google-sheets',
    );
    expect(planned.destination?.columns).toEqual(['start_time', 'name']);
  });
});

describe('a "Date" column of records with a day of their own', () => {
  it('is left to that day', () => {
    const planned = plan(
      'Each new Harvest time entry becomes a row of Google Sheet 1QwErTyUiOpAsDfGh. Columns: Date, Hours',
      'harvest',
      'google-sheets',
    );
    expect(planned.destination?.columns).toEqual(['spent_date', 'hours']);
  });
});

describe('a noun before a capitalised word that is not a place', () => {
  it.each([
    ['github', 'Post the pull requests Bob reviews in acme/app to Slack #eng.', 'listPulls'],
    ['stripe', 'Post the invoices Stripe marks uncollectible to Slack #billing.', 'listInvoices'],
    [
      'stripe',
      'Source: Stripe invoices\nDestination: Slack #billing\nOnly unpaid ones',
      'listInvoices',
    ],
  ])('%s: %s', (source, prompt, operation) => {
    expect(plan(prompt, source, 'slack').source?.operation.id).toBe(operation);
  });
});

describe('columns listed after a colon that names no column', () => {
  it('reads the list after the sheet’s tab, in order, the unit a name asks for left out', () => {
    const planned = plan(
      'Every paid Stripe invoice goes to spreadsheet 1QwErTy, tab Paid: number, customer email, amount paid in dollars, currency.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.rules.map((r) => [r.to, r.from])).toEqual([
      ['number', 'number'],
      ['customer_email', 'customer_email'],
      ['amount_paid', 'amount_paid'],
      ['currency', 'currency'],
    ]);
    const amount = planned.destination?.rules.find((r) => r.from === 'amount_paid');
    expect(amount?.units?.scale).toBe('minor-to-major');
    expect(planned.destination?.pathParams.range).toBe('Paid!A1');
  });

  it('takes no list after a colon that is not about the rows', () => {
    const planned = plan(
      'Every paid Stripe invoice goes to spreadsheet 1QwErTy with number, currency and amount paid. Order by: currency, number, amount paid.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.rules.map((r) => r.to)).toEqual([
      'number',
      'currency',
      'amount_paid',
    ]);
  });

  it('leaves a colon before prose alone', () => {
    const planned = plan(
      'Note: only paid Stripe invoices, please, and none from test mode. Append them to spreadsheet 1QwErTy.',
      'stripe',
      'google-sheets',
    );
    expect(planned.destination?.rules.map((r) => r.to)).not.toContain('please');
  });
});
