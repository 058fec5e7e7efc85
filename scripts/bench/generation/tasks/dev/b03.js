// Reference solution for b03: Chargebee subscriptions cancelled in September 2025 (UTC) → one
// plain-text SendGrid email, one line per subscription, oldest cancellation first.
export default async function run(ctx) {
  const from = Date.UTC(2025, 8, 1) / 1000;
  const to = Date.UTC(2025, 9, 1) / 1000 - 1;
  const entries = [];
  let offset;
  do {
    const page = await ctx.source.get('/subscriptions', {
      query: {
        limit: 100,
        'status[is]': 'cancelled',
        'cancelled_at[between]': `[${from},${to}]`,
        'sort_by[asc]': 'created_at',
        offset,
      },
    });
    entries.push(...page.list);
    offset = page.next_offset;
  } while (offset);
  entries.sort((a, b) => a.subscription.cancelled_at - b.subscription.cancelled_at);
  const lines = [];
  for (const { subscription, customer } of entries) {
    let email = customer?.email;
    if (!email)
      email = (await ctx.source.get(`/customers/${subscription.customer_id}`)).customer.email;
    const plan =
      (subscription.subscription_items ?? []).find((i) => i.item_type === 'plan')?.item_price_id ??
      subscription.plan_id;
    const day = new Date(subscription.cancelled_at * 1000).toISOString().slice(0, 10);
    lines.push(`${email} | ${plan} | ${day}`);
  }
  await ctx.destination.post('/mail/send', {
    json: {
      personalizations: [{ to: [{ email: 'billing-team@quillworks.example' }] }],
      from: { email: 'reports@quillworks.example' },
      subject: 'Cancelled subscriptions – September 2025',
      content: [{ type: 'text/plain', value: lines.join('\n') }],
    },
  });
}
