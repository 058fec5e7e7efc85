// Reference solution for c16: active vehicles past their service interval -> Asana tasks with templated notes.
export default async function run(ctx) {
  const vehicles = [];
  for (let offset = 0; ;) {
    const page = await ctx.source.get('/vehicles', {
      query: { status: 'active', limit: 5, offset },
    });
    vehicles.push(...page.items);
    offset += page.limit;
    if (offset >= page.total) break;
  }
  for (const v of vehicles) {
    const over = v.odometer_km - (v.last_service_km + v.service_interval_km);
    if (over <= 0) continue;
    const notes = [
      `Vehicle: ${v.make} ${v.model} (${v.year})`,
      `Depot: ${v.depot}`,
      `Odometer: ${v.odometer_km} km`,
      `Last service: ${v.last_service_km} km on ${v.last_service_on}`,
      `Overdue by: ${over} km`,
    ].join('\n');
    await ctx.destination.post('/tasks', {
      json: { data: { name: `Service due: ${v.plate}`, notes, projects: ['1206600000000300'] } },
    });
  }
}
