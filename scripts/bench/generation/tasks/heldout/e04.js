// Reference solution of e04: Stripe invoices paid in October 2026 (UTC, by
// status_transitions.paid_at, so an invoice created in September but paid in October counts)
// become AUTHORISED ACCREC invoices in Xero, unless Xero already holds that invoice number.
const TENANT = '3d5f7a9c-1e2b-4c6d-8f0a-2b4c6d8e0f13';
const FROM = Date.parse('2026-10-01T00:00:00Z') / 1000;
const TO = Date.parse('2026-11-01T00:00:00Z') / 1000;

export default async function run(ctx) {
  const invoices = [];
  let startingAfter;
  for (;;) {
    const page = await ctx.source.get('/invoices', {
      query: { status: 'paid', limit: 100, starting_after: startingAfter },
    });
    invoices.push(...page.data);
    if (!page.has_more || page.data.length === 0) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  const wanted = invoices.filter((i) => {
    const paidAt = i.status_transitions?.paid_at;
    return i.status === 'paid' && paidAt >= FROM && paidAt < TO && i.amount_paid > 0;
  });

  const headers = { 'Xero-tenant-id': TENANT };
  const existing = await ctx.destination.get('/Invoices', { headers });
  const numbers = new Set(existing.Invoices.map((i) => i.InvoiceNumber));

  const toCreate = [];
  for (const i of wanted) {
    if (numbers.has(i.number)) continue;
    const day = new Date(i.status_transitions.paid_at * 1000).toISOString().slice(0, 10);
    toCreate.push({
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      Contact: { Name: i.customer_name || i.customer_email },
      InvoiceNumber: i.number,
      Reference: i.id,
      Date: day,
      DueDate: day,
      CurrencyCode: i.currency.toUpperCase(),
      LineAmountTypes: 'NoTax',
      LineItems: i.lines.data.map((line) => ({
        Description: line.description,
        Quantity: line.quantity,
        UnitAmount: line.price.unit_amount / 100,
        AccountCode: '200',
      })),
    });
  }
  if (toCreate.length)
    await ctx.destination.post('/Invoices', { headers, json: { Invoices: toCreate } });
  return { created: toCreate.length };
}
