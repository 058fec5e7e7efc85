// Reference solution for d10.
export default async function run(ctx) {
  const customers = [];
  for (let start = 1; ;) {
    const res = await ctx.source.get('/query', {
      query: {
        query: `select * from Customer where Active = true startposition ${start} maxresults 1000`,
        minorversion: 75,
      },
      headers: { Accept: 'application/json' },
    });
    const page = res.QueryResponse.Customer ?? [];
    customers.push(...page);
    if (page.length === 0) break;
    start += page.length;
  }
  for (const c of customers) {
    const email = c.PrimaryEmailAddr?.Address?.trim();
    if (!c.Active || !email) continue;
    const body = {
      first_name: c.GivenName ?? '',
      last_name: c.FamilyName ?? '',
      billing: { company: c.CompanyName ?? '', phone: c.PrimaryPhone?.FreeFormNumber ?? '' },
    };
    const found = await ctx.destination.get('/customers', { query: { email, role: 'all' } });
    if (found.length > 0) await ctx.destination.put(`/customers/${found[0].id}`, { json: body });
    else await ctx.destination.post('/customers', { json: { email, ...body } });
  }
}
