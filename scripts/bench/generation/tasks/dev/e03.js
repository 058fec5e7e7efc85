// Reference solution of e03: unassigned tickets that are new or open and not tagged "spam" go
// into one Slack message in #support-leads, oldest first, with the requester's name.
export default async function run(ctx) {
  const tickets = [];
  for (let page = 1; ; page += 1) {
    const body = await ctx.source.get('/tickets.json', { query: { per_page: 100, page } });
    tickets.push(...body.tickets);
    if (!body.next_page) break;
  }
  const wanted = tickets
    .filter((t) => t.assignee_id == null)
    .filter((t) => t.status === 'new' || t.status === 'open')
    .filter((t) => !(t.tags ?? []).includes('spam'))
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);

  const names = new Map();
  const ids = [...new Set(wanted.map((t) => t.requester_id).filter((id) => id != null))];
  for (let i = 0; i < ids.length; i += 100) {
    const body = await ctx.source.get('/users/show_many.json', {
      query: { ids: ids.slice(i, i + 100).join(',') },
    });
    for (const u of body.users) names.set(u.id, u.name);
  }

  const lines = [`Unassigned tickets: ${wanted.length}`];
  for (const t of wanted) {
    lines.push(`#${t.id} [${t.priority ?? '-'}] ${t.subject} (${names.get(t.requester_id) ?? ''})`);
  }
  const answer = await ctx.destination.post('/chat.postMessage', {
    json: { channel: '#support-leads', text: lines.join('\n') },
  });
  if (!answer.ok) throw new Error(`Slack refused the message: ${answer.error}`);
  return { tickets: wanted.length };
}
