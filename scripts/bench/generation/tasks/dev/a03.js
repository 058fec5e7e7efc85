// Reference solution of a03: incidents resolved between 2026-11-16 and 2026-11-22 (UTC) become
// rows of the "Resolved" tab, oldest resolution first. PagerDuty's since/until bound the
// creation time, so the query starts earlier and the resolution time is checked here.
export default async function run(ctx) {
  const incidents = [];
  for (let offset = 0; ;) {
    const page = await ctx.source.get('/incidents', {
      query: {
        'statuses[]': 'resolved',
        since: '2026-10-23T00:00:00Z',
        until: '2026-11-23T00:00:00Z',
        limit: 100,
        offset,
      },
    });
    incidents.push(...page.incidents);
    if (!page.more) break;
    offset += page.incidents.length;
  }
  const from = Date.parse('2026-11-16T00:00:00Z');
  const to = Date.parse('2026-11-23T00:00:00Z');
  const week = incidents
    .filter((i) => i.status === 'resolved' && i.resolved_at)
    .filter((i) => Date.parse(i.resolved_at) >= from && Date.parse(i.resolved_at) < to)
    .sort((a, b) => Date.parse(a.resolved_at) - Date.parse(b.resolved_at));
  if (week.length === 0) return { appended: 0 };
  const values = week.map((i) => [
    i.incident_number,
    i.title,
    i.service.summary,
    i.urgency,
    i.created_at,
    i.resolved_at,
  ]);
  await ctx.destination.post('/spreadsheets/1Qx7IncidentLog2026abcDEF/values/Resolved!A1:append', {
    query: { valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' },
    json: { values },
  });
  return { appended: values.length };
}
