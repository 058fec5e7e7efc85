// Reference solution of a10: scheduled shifts of Payments and Search starting 2026-11-30 to
// 2026-12-06 (UTC) become rows of the "Week 49" tab.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n) => String(n).padStart(2, '0');

export default async function run(ctx) {
  const { teams } = await ctx.source.get('/teams');
  const wanted = teams.filter((t) => t.name === 'Payments' || t.name === 'Search');
  const shifts = [];
  let cursor;
  do {
    const page = await ctx.source.get('/shifts', {
      query: {
        team: wanted.map((t) => t.slug),
        from: '2026-11-30',
        to: '2026-12-07',
        limit: 4,
        cursor,
      },
    });
    shifts.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  const rows = shifts
    .filter((s) => s.status !== 'cancelled')
    .sort(
      (a, b) =>
        Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.team.name.localeCompare(b.team.name),
    )
    .map((s) => {
      const start = new Date(s.starts_at);
      const end = new Date(s.ends_at);
      return [
        `${pad(start.getUTCDate())}.${pad(start.getUTCMonth() + 1)}.${start.getUTCFullYear()}`,
        DAYS[start.getUTCDay()],
        s.team.name,
        s.person.name,
        s.role,
        `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
        `${pad(end.getUTCHours())}:${pad(end.getUTCMinutes())}`,
      ];
    });
  await ctx.destination.post("/spreadsheets/1OncallPlanSheet2026q4/values/'Week 49'!A1:append", {
    query: { valueInputOption: 'RAW' },
    json: { values: rows },
  });
  return { rows: rows.length };
}
