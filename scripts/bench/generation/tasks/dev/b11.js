// Reference solution for b11: overdue AUTHORISED ACCREC Xero invoices → one reminder each.
const TENANT = { 'Xero-tenant-id': '6c0e9f3a-27b4-4d81-a5e2-9b1c0d4e7f62' };

function day(xeroDate) {
  const ms = Number(/\/Date\((-?\d+)/.exec(xeroDate)[1]);
  return new Date(ms).toISOString().slice(0, 10);
}

export default async function run(ctx) {
  const { Invoices } = await ctx.source.get('/Invoices', {
    headers: TENANT,
    query: {
      Statuses: 'AUTHORISED',
      where: 'Type=="ACCREC" AND AmountDue>0 AND DueDate<DateTime(2025,11,1)',
    },
  });
  const { Contacts } = await ctx.source.get('/Contacts', { headers: TENANT });
  const emailOf = new Map(Contacts.map((c) => [c.ContactID, c.EmailAddress]));
  for (const invoice of Invoices) {
    if (invoice.Type !== 'ACCREC' || invoice.Status !== 'AUTHORISED' || !(invoice.AmountDue > 0))
      continue;
    const due = day(invoice.DueDate);
    if (due >= '2025-11-01') continue;
    const email = emailOf.get(invoice.Contact.ContactID);
    if (!email) continue;
    const text = [
      `Hello ${invoice.Contact.Name},`,
      `our records show invoice ${invoice.InvoiceNumber} for ${invoice.AmountDue.toFixed(2)} ${invoice.CurrencyCode} was due on ${due}. Please arrange payment or reply if you have already paid.`,
      'Harbourline Accounts',
    ].join('\n');
    await ctx.destination.post('/mail/send', {
      json: {
        personalizations: [{ to: [{ email }] }],
        from: { email: 'accounts@harbourline.co' },
        subject: `Invoice ${invoice.InvoiceNumber} is overdue`,
        content: [{ type: 'text/plain', value: text }],
      },
    });
  }
}
