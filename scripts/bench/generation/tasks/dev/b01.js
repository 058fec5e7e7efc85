// Reference solution for b01: Stripe customers created since the last run → HubSpot contacts,
// upserted by email, name split into first word / rest.
export default async function run(ctx) {
  const since = await ctx.state.get('createdAfter');
  const query = { limit: 100 };
  if (since !== undefined) query['created[gt]'] = since;
  const customers = [];
  let startingAfter;
  for (;;) {
    const page = await ctx.source.get('/customers', {
      query: startingAfter ? { ...query, starting_after: startingAfter } : query,
    });
    customers.push(...page.data);
    if (!page.has_more) break;
    startingAfter = page.data[page.data.length - 1].id;
  }
  let newest = since ?? 0;
  const inputs = [];
  for (const customer of customers) {
    newest = Math.max(newest, customer.created);
    if (!customer.email) continue;
    const parts = (customer.name ?? '').trim().split(/\s+/);
    inputs.push({
      idProperty: 'email',
      id: customer.email,
      properties: {
        email: customer.email,
        firstname: parts[0] ?? '',
        lastname: parts.slice(1).join(' '),
      },
    });
  }
  for (let i = 0; i < inputs.length; i += 100) {
    await ctx.destination.post('/crm/v3/objects/contacts/batch/upsert', {
      json: { inputs: inputs.slice(i, i + 100) },
    });
  }
  ctx.log(`upserted ${inputs.length} contacts`);
  await ctx.state.set('createdAfter', newest);
}
