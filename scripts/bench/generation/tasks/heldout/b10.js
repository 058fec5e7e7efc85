// Reference solution for b10: Stripe invoices paid in October 2025 → billing-ledger entries.
export default async function run(ctx) {
  const from = Date.UTC(2025, 9, 1) / 1000;
  const to = Date.UTC(2025, 10, 1) / 1000;
  const invoices = [];
  let startingAfter;
  for (;;) {
    const page = await ctx.source.get('/invoices', {
      query: { status: 'paid', limit: 100, starting_after: startingAfter },
    });
    invoices.push(...page.data);
    if (!page.has_more) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  for (const invoice of invoices) {
    const paidAt = invoice.status_transitions?.paid_at;
    if (invoice.status !== 'paid' || !paidAt || paidAt < from || paidAt >= to) continue;
    const entry = {
      external_id: `stripe-${invoice.id}`,
      account: invoice.subscription ? 'subscriptions' : 'sales',
      direction: 'credit',
      amount_minor: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      occurred_at: new Date(paidAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      source: 'stripe',
      description: `Stripe invoice ${invoice.number}`,
      customer_ref: invoice.customer_email,
      metadata: { stripe_customer: invoice.customer },
    };
    await ctx.destination.post('/entries', { json: entry });
  }
}
