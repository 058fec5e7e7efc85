// Reference solution for d04.
export default async function run(ctx) {
  const all = async (path, query = {}) => {
    const out = [];
    let offset;
    do {
      const res = await ctx.source.get(path, { query: { ...query, limit: 100, offset } });
      out.push(...res.data);
      offset = res.hasNext ? res.next : undefined;
    } while (offset);
    return out;
  };
  const hired = (await all('/archive_reasons', { type: 'hired' }))
    .filter((r) => r.text === 'Hired')
    .map((r) => r.id);
  const opps = await all('/opportunities', {
    archived: true,
    archive_reason_id: hired,
    archived_at_start: Date.parse('2026-10-01T00:00:00Z'),
    archived_at_end: Date.parse('2026-10-15T23:59:59.999Z'),
    expand: 'applications',
  });
  const teams = new Map();
  for (const o of opps) {
    if (!o.archived || !hired.includes(o.archived.reason)) continue;
    const postingId = o.applications.find((a) => a.posting)?.posting;
    if (!teams.has(postingId))
      teams.set(postingId, (await ctx.source.get(`/postings/${postingId}`)).data.categories.team);
    const [first, ...rest] = o.name.trim().split(/\s+/);
    await ctx.destination.post('/people', {
      json: {
        first_name: first,
        last_name: rest.join(' '),
        email: o.emails[0],
        team: teams.get(postingId),
        start_date: new Date(o.archived.archivedAt).toISOString().slice(0, 10),
      },
    });
  }
}
