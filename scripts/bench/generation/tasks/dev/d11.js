// Reference solution for d11.
export default async function run(ctx) {
  const events = [];
  let cursor;
  do {
    const page = await ctx.source.get('/audit-events', {
      query: {
        environment: 'production',
        since: '2026-11-16T00:00:00Z',
        until: '2026-11-23T00:00:00Z',
        limit: 4,
        cursor,
      },
    });
    events.push(...page.events);
    cursor = page.has_more ? page.next_cursor : undefined;
  } while (cursor);
  const wanted = events
    .filter(
      (e) =>
        e.environment === 'production' &&
        (e.action === 'flag.toggled_off' || e.action === 'flag.deleted'),
    )
    .filter(
      (e) =>
        e.occurred_at >= '2026-11-16T00:00:00Z' &&
        Date.parse(e.occurred_at) <= Date.parse('2026-11-22T23:59:59Z'),
    )
    .sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at));
  const pad = (x) => String(x).padStart(2, '0');
  const when = (iso) => {
    const d = new Date(iso);
    return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  };
  const lines = wanted.map(
    (e) =>
      `${e.flag_key} | ${e.action === 'flag.deleted' ? 'deleted' : 'turned off'} | ${e.actor.email ?? e.actor.name} | ${when(e.occurred_at)}`,
  );
  const text = lines.length ? lines.join('\n\n') : 'No prod flags turned off or deleted';
  await ctx.destination.post('', {
    json: {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Weekly prod flag report',
      title: 'Weekly prod flag report',
      text,
    },
  });
}
