// Reference solution for c11: Calendly invitees who canceled meetings of 9-13 Nov 2026 -> Todoist tasks.
export default async function run(ctx) {
  const me = (await ctx.source.get('/users/me')).resource;
  const events = [];
  let token = null;
  do {
    const page = await ctx.source.get('/scheduled_events', {
      query: {
        user: me.uri,
        min_start_time: '2026-11-09T00:00:00Z',
        max_start_time: '2026-11-14T00:00:00Z',
        count: 100,
        page_token: token,
      },
    });
    events.push(...page.collection);
    token = page.pagination.next_page_token;
  } while (token);

  const projects = await ctx.destination.get('/projects');
  const project = projects.find((p) => p.name === 'Follow-ups');
  for (const event of events) {
    const uuid = event.uri.split('/').pop();
    let pageToken = null;
    do {
      const page = await ctx.source.get(`/scheduled_events/${uuid}/invitees`, {
        query: { status: 'canceled', count: 100, page_token: pageToken },
      });
      for (const inv of page.collection) {
        if (inv.rescheduled) continue;
        await ctx.destination.post('/tasks', {
          json: {
            content: `Follow up with ${inv.name}`,
            description: inv.email,
            project_id: project.id,
          },
        });
      }
      pageToken = page.pagination.next_page_token;
    } while (pageToken);
  }
}
