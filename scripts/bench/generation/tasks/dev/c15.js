// Reference solution for c15: overdue open Asana tasks -> Todoist, priority from the "Priority" custom field.
export default async function run(ctx) {
  const today = new Date().toISOString().slice(0, 10);
  const tasks = [];
  let offset;
  do {
    const page = await ctx.source.get('/projects/1207000000000100/tasks', {
      query: {
        completed_since: 'now',
        opt_fields:
          'name,completed,due_on,permalink_url,custom_fields.name,custom_fields.enum_value.name',
        limit: 100,
        offset,
      },
    });
    tasks.push(...page.data);
    offset = page.next_page?.offset;
  } while (offset);

  const projects = await ctx.destination.get('/projects');
  const project = projects.find((p) => p.name === 'Asana overdue');
  const priority = { High: 4, Medium: 3, Low: 2 };
  for (const t of tasks) {
    if (t.completed || !t.due_on || t.due_on >= today) continue;
    const field = (t.custom_fields || []).find((f) => f.name === 'Priority');
    await ctx.destination.post('/tasks', {
      json: {
        content: t.name,
        project_id: project.id,
        due_date: t.due_on,
        description: t.permalink_url,
        priority: priority[field?.enum_value?.name] ?? 1,
      },
    });
  }
}
