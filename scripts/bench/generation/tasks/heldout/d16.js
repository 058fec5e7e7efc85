// Reference solution for d16.
export default async function run(ctx) {
  const realm = '5566778899001122';
  const harvest = {
    'Harvest-Account-Id': '1284390',
    'User-Agent': 'Northwind QBO sync (admin@northwind.example)',
  };
  const projects = [];
  for (let page = 1; page;) {
    const res = await ctx.source.get('/v2/projects', {
      headers: harvest,
      query: { is_active: true, page },
    });
    projects.push(...res.projects);
    page = res.next_page;
  }
  const qbo = { Accept: 'application/json' };
  const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const query = async (statement) =>
    (
      await ctx.destination.get(`/v3/company/${realm}/query`, {
        headers: qbo,
        query: { query: statement, minorversion: 75 },
      })
    ).QueryResponse;
  const account = (await query("select * from Account where Name = 'Consulting Income'"))
    .Account[0];
  for (const p of projects) {
    if (!p.is_active || !p.is_billable) continue;
    const name = `${p.code} ${p.name}`;
    const existing = (await query(`select * from Item where Name = ${quote(name)}`)).Item ?? [];
    if (existing.length > 0) continue;
    await ctx.destination.post(`/v3/company/${realm}/item`, {
      headers: qbo,
      query: { minorversion: 75 },
      json: { Name: name, Type: 'Service', IncomeAccountRef: { value: account.Id } },
    });
  }
}
