// Reference solution for d03.
export default async function run(ctx) {
  const headers = {
    'Harvest-Account-Id': '1284390',
    'User-Agent': 'Northwind billing (ops@northwind.studio)',
  };
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const iso = (d) => d.toISOString().slice(0, 10);
  const month = first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const all = async (path, key, query = {}) => {
    const out = [];
    for (let page = 1; page;) {
      const res = await ctx.source.get(path, { headers, query: { ...query, page } });
      out.push(...res[key]);
      page = res.next_page;
    }
    return out;
  };
  const entries = (
    await all('/time_entries', 'time_entries', { from: iso(first), to: iso(last) })
  ).filter((e) => e.billable);
  const byClient = new Map();
  for (const e of entries) {
    const c = byClient.get(e.client.id) ?? { name: e.client.name, projects: new Map() };
    c.projects.set(e.project.name, (c.projects.get(e.project.name) ?? 0) + e.hours);
    byClient.set(e.client.id, c);
  }
  const messages = [];
  for (const [clientId, c] of byClient) {
    const contacts = await all('/contacts', 'contacts', { client_id: clientId });
    const ap = contacts.find((x) => x.title === 'Accounts Payable');
    if (!ap?.email) {
      ctx.log(`no Accounts Payable contact for ${c.name}`);
      continue;
    }
    const names = [...c.projects.keys()].sort((a, b) => a.localeCompare(b));
    const total = names.reduce((s, n) => s + c.projects.get(n), 0);
    const lines = names.map((n) => `${n}: ${c.projects.get(n).toFixed(2)} h`);
    lines.push(`Total: ${total.toFixed(2)} h`);
    messages.push({
      From: 'ops@northwind.studio',
      To: ap.email,
      Subject: `Billable hours ${month} – ${c.name}`,
      TextBody: lines.join('\n'),
      MessageStream: 'outbound',
    });
  }
  if (messages.length) await ctx.destination.post('/email/batch', { json: messages });
}
