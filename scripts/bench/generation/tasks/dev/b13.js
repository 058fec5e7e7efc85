// Reference solution for b13: this month's gold/silver partner members → Pipedrive persons.
export default async function run(ctx) {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const members = [];
  for (let page = 1; ; page++) {
    const res = await ctx.source.get('/members', {
      query: {
        source: 'partner',
        tier: 'gold,silver',
        joined_from: monthStart,
        page,
        page_size: 10,
      },
    });
    members.push(...res.data);
    if (page >= res.meta.total_pages) break;
  }
  const orgIds = new Map();
  async function orgId(name) {
    if (orgIds.has(name)) return orgIds.get(name);
    const res = await ctx.destination.get('/organizations/search', {
      query: { term: name, fields: 'name', exact_match: true },
    });
    let id = (res.data?.items ?? []).map((hit) => hit.item).find((org) => org.name === name)?.id;
    if (!id) id = (await ctx.destination.post('/organizations', { json: { name } })).data.id;
    orgIds.set(name, id);
    return id;
  }
  for (const m of members) {
    if (m.source !== 'partner' || !['gold', 'silver'].includes(m.tier) || m.joined_at < monthStart)
      continue;
    const person = {
      name: `${m.first_name} ${m.last_name}`,
      email: [{ value: m.email, primary: true }],
      ...(m.phone ? { phone: [{ value: m.phone, primary: true }] } : {}),
      ...(m.partner_company ? { org_id: await orgId(m.partner_company) } : {}),
    };
    await ctx.destination.post('/persons', { json: person });
  }
}
