// Reference solution for c05: Asana tasks completed since the last run -> one Discord message each.
export default async function run(ctx) {
  const project = '1209455500010001';
  const hook =
    '/webhooks/1311920457361827840/vQ3kH8pZt2LwXe9RbN4yJ6cU1mA7sD0fG5hK3jL8qW2eR6tY9uI4oP1aS7dF3gH';
  const startedAt = new Date().toISOString();
  const since =
    (await ctx.state.get('since')) ?? new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();

  const tasks = [];
  let offset;
  do {
    const page = await ctx.source.get(`/projects/${project}/tasks`, {
      query: {
        completed_since: since,
        opt_fields: 'name,completed,completed_at,assignee.name,parent',
        limit: 100,
        offset,
      },
    });
    tasks.push(...page.data);
    offset = page.next_page?.offset;
  } while (offset);

  const done = tasks
    .filter((t) => t.completed && !t.parent && t.completed_at >= since)
    .sort((a, b) => a.completed_at.localeCompare(b.completed_at));
  for (const t of done) {
    await ctx.destination.post(hook, {
      json: { content: `✅ ${t.name} — done by ${t.assignee?.name ?? 'nobody'}` },
    });
  }
  await ctx.state.set('since', startedAt);
}
