// Reference solution of x01: every open high-priority ticket, once each, across pages.
export default async function run(ctx) {
  const posted = (await ctx.state.get('posted')) ?? [];
  const tickets = [];
  for (let page = 1; ; page += 1) {
    const body = await ctx.source.get('/tickets', {
      query: { status: 'open', page, per_page: 100 },
    });
    tickets.push(...body.tickets);
    if (!body.next_page) break;
  }
  const fresh = tickets.filter((t) => t.priority === 'high' && !posted.includes(t.id));
  for (const ticket of fresh) {
    await ctx.destination.post('/chat.postMessage', {
      json: { channel: 'support', text: `[T-${ticket.id}] ${ticket.subject}` },
    });
    posted.push(ticket.id);
  }
  await ctx.state.set('posted', posted);
  return { posted: fresh.length };
}
