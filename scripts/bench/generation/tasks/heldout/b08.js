// Reference solution for b08: open, unassigned Intercom conversations → one SendGrid digest.
export default async function run(ctx) {
  const conversations = [];
  let startingAfter;
  do {
    const res = await ctx.source.post('/conversations/search', {
      headers: { 'Intercom-Version': '2.11' },
      json: {
        query: {
          operator: 'AND',
          value: [
            { field: 'state', operator: '=', value: 'open' },
            { field: 'admin_assignee_id', operator: '=', value: 0 },
            { field: 'team_assignee_id', operator: '=', value: 0 },
          ],
        },
        pagination: { per_page: 150, ...(startingAfter ? { starting_after: startingAfter } : {}) },
      },
    });
    conversations.push(...res.conversations);
    startingAfter = res.pages?.next?.starting_after;
  } while (startingAfter);
  const open = conversations
    .filter((c) => c.state === 'open' && c.admin_assignee_id == null && c.team_assignee_id == null)
    .sort((a, b) => a.created_at - b.created_at);
  const lines = open.map((c) => {
    const opened = new Date(c.created_at * 1000).toISOString().slice(0, 16).replace('T', ' ');
    return `#${c.id} – ${c.source?.author?.email ?? ''} – opened ${opened} UTC`;
  });
  await ctx.destination.post('/v3/mail/send', {
    json: {
      personalizations: [
        { to: [{ email: 'lena.fischer@brightdesk.io' }, { email: 'marco.silva@brightdesk.io' }] },
      ],
      from: { email: 'alerts@brightdesk.io' },
      subject: 'Unassigned open conversations',
      content: [{ type: 'text/plain', value: lines.join('\n') }],
    },
  });
}
