// Reference solution for b09: failed Stripe charges of 1–15 Nov 2025 → one Zendesk ticket each.
export default async function run(ctx) {
  const from = Date.UTC(2025, 10, 1) / 1000;
  const to = Date.UTC(2025, 10, 16) / 1000;
  const charges = [];
  let startingAfter;
  for (;;) {
    const page = await ctx.source.get('/v1/charges', {
      query: {
        limit: 100,
        'created[gte]': from,
        'created[lt]': to,
        'expand[]': 'data.customer',
        starting_after: startingAfter,
      },
    });
    charges.push(...page.data);
    if (!page.has_more) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  for (const charge of charges) {
    if (charge.status !== 'failed') continue;
    let customer = charge.customer;
    if (typeof customer === 'string') customer = await ctx.source.get(`/v1/customers/${customer}`);
    const amount = (charge.amount / 100).toFixed(2);
    await ctx.destination.post('/tickets.json', {
      json: {
        ticket: {
          subject: `Payment failed: ${customer.email} – ${amount} ${charge.currency.toUpperCase()}`,
          comment: { body: `Charge ${charge.id} failed: ${charge.failure_message}` },
          priority: 'high',
          tags: ['failed-payment'],
        },
      },
    });
  }
}
