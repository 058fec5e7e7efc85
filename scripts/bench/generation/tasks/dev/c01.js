// Reference solution for c01: new Typeform responses since the last run -> Asana tasks.
export default async function run(ctx) {
  const formId = 'qX7bT2mK';
  const projectGid = '1208811122233344';
  const last = await ctx.state.get('lastSubmittedAt');

  const responses = [];
  let before;
  for (;;) {
    const query = { page_size: 100 };
    if (last) query.since = last;
    if (before) query.before = before;
    const page = await ctx.source.get(`/forms/${formId}/responses`, { query });
    responses.push(...page.items);
    if (page.items.length === 0 || responses.length >= page.total_items) break;
    before = page.items[page.items.length - 1].token;
  }

  const answerOf = (r, ref) => {
    const a = r.answers.find((x) => x.field.ref === ref);
    if (!a) return undefined;
    if (a.type === 'choice') return a.choice.label;
    return a[a.type];
  };

  responses.sort((a, b) => a.submitted_at.localeCompare(b.submitted_at));
  let newest = last;
  for (const r of responses) {
    // `since` is inclusive: skip the response the last run already handled.
    if (last && r.submitted_at <= last) continue;
    const lines = [];
    for (const [label, ref] of [
      ['Email', 'email'],
      ['Budget', 'budget'],
      ['Timeline', 'timeline'],
      ['Project', 'project_description'],
    ]) {
      const value = answerOf(r, ref);
      if (value) lines.push(`${label}: ${value}`);
    }
    await ctx.destination.post('/tasks', {
      json: {
        data: {
          name: `${answerOf(r, 'company_name')} – ${answerOf(r, 'contact_name')}`,
          notes: lines.join('\n'),
          projects: [projectGid],
        },
      },
    });
    newest = r.submitted_at;
  }
  if (newest) await ctx.state.set('lastSubmittedAt', newest);
}
