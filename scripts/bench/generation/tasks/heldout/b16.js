// Reference solution for b16: Chargebee customers with auto-collection off → HubSpot companies,
// found by exact domain (search) and updated, or created.
const FREE_MAIL = ['gmail.com', 'outlook.com', 'yahoo.com'];

export default async function run(ctx) {
  const customers = [];
  let offset;
  do {
    const page = await ctx.source.get('/customers', {
      query: { limit: 100, 'auto_collection[is]': 'off', offset },
    });
    customers.push(...page.list.map((entry) => entry.customer));
    offset = page.next_offset;
  } while (offset);
  for (const customer of customers) {
    if (customer.auto_collection !== 'off' || customer.deleted || !customer.email) continue;
    const domain = customer.email.split('@')[1].toLowerCase();
    if (FREE_MAIL.includes(domain)) continue;
    const properties = { name: customer.company, domain, chargebee_customer_id: customer.id };
    const found = await ctx.destination.post('/crm/v3/objects/companies/search', {
      json: {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'EQ', value: domain }] }],
        properties: ['domain', 'name'],
        limit: 10,
      },
    });
    const match = found.results.find((c) => (c.properties.domain ?? '').toLowerCase() === domain);
    if (match)
      await ctx.destination.patch(`/crm/v3/objects/companies/${match.id}`, {
        json: { properties },
      });
    else await ctx.destination.post('/crm/v3/objects/companies', { json: { properties } });
  }
}
