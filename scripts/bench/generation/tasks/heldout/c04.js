// Reference solution for c04: BambooHR Engineering hires of November 2026 -> Todoist onboarding tasks.
export default async function run(ctx) {
  const json = { headers: { accept: 'application/json' } };
  const directory = await ctx.source.get('/employees/directory', json);
  const projects = await ctx.destination.get('/rest/v2/projects');
  const project = projects.find((p) => p.name === 'IT Onboarding');
  if (!project) throw new ctx.NonRetryableError('No "IT Onboarding" project in Todoist');
  for (const row of directory.employees) {
    if (row.department !== 'Engineering') continue;
    const e = await ctx.source.get(`/employees/${row.id}`, {
      ...json,
      query: { fields: 'firstName,lastName,department,hireDate' },
    });
    if (!e.hireDate || !e.hireDate.startsWith('2026-11')) continue;
    await ctx.destination.post('/rest/v2/tasks', {
      json: {
        content: `Onboard ${e.firstName} ${e.lastName}`,
        project_id: project.id,
        due_date: e.hireDate,
      },
    });
  }
}
