// Reference solution for c10: unacknowledged critical/major fleet alerts -> Freshdesk tickets.
export default async function run(ctx) {
  const alerts = [];
  for (let offset = 0; ;) {
    const page = await ctx.source.get('/alerts', {
      query: { severity: 'critical,major', acknowledged: 'false', limit: 5, offset },
    });
    alerts.push(...page.items);
    offset += page.limit;
    if (offset >= page.total) break;
  }
  const plates = new Map();
  const priority = { critical: 4, major: 3 };
  for (const a of alerts) {
    if (!plates.has(a.vehicle_id))
      plates.set(a.vehicle_id, (await ctx.source.get(`/vehicles/${a.vehicle_id}`)).plate);
    await ctx.destination.post('/api/v2/tickets', {
      json: {
        email: 'fleet-alerts@haulwise.io',
        subject: `[${a.severity.toUpperCase()}] ${plates.get(a.vehicle_id)} – ${a.message}`,
        description: `Alert ${a.id} (${a.type}) raised at ${a.raised_at}`,
        priority: priority[a.severity],
        status: 2,
        tags: ['fleet-alert'],
      },
    });
  }
}
