// Reference solution for d15.
export default async function run(ctx) {
  const leavers = [];
  for (let page = 1; ; page++) {
    const res = await ctx.source.get('/people', {
      query: { status: 'leaver', page, page_size: 10 },
    });
    leavers.push(...res.items);
    if (page >= res.total_pages) break;
  }
  const week = leavers
    .filter(
      (p) =>
        p.status === 'leaver' &&
        p.end_date &&
        p.end_date >= '2026-12-07' &&
        p.end_date <= '2026-12-13',
    )
    .sort((a, b) =>
      a.end_date === b.end_date
        ? a.last_name.localeCompare(b.last_name)
        : a.end_date < b.end_date
          ? -1
          : 1,
    );
  const day = (d) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  const lines = week.map(
    (p) => `${p.first_name} ${p.last_name} (${p.team}) - last day ${day(p.end_date)}`,
  );
  const text = lines.length ? lines.join('\n\n') : 'No leavers this week.';
  await ctx.destination.post('', {
    json: {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Leavers 7–13 December 2026',
      title: 'Leavers 7–13 December 2026',
      text,
    },
  });
}
