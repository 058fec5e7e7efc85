// Reference solution for b04: VIP Zendesk tickets solved/closed 2025-10-01..15 → loyalty points.
const POINTS = { urgent: 50, high: 20, normal: 10, low: 5 };

export default async function run(ctx) {
  const tickets = [];
  let page = 1;
  for (;;) {
    const res = await ctx.source.get('/search.json', {
      query: {
        query: 'type:ticket tags:vip status>=solved solved>=2025-10-01 solved<=2025-10-15',
        page,
        per_page: 100,
      },
    });
    tickets.push(...res.results.filter((r) => r.result_type === 'ticket'));
    if (!res.next_page) break;
    page += 1;
  }
  for (const ticket of tickets) {
    if (!ticket.tags.includes('vip')) continue;
    if (ticket.status !== 'solved' && ticket.status !== 'closed') continue;
    const { user } = await ctx.source.get(`/users/${ticket.requester_id}.json`);
    if (!user.email) continue;
    const members = await ctx.destination.get('/members', { query: { email: user.email } });
    const member = members.data[0];
    if (!member) {
      ctx.log(`no member for ${user.email}, skipping ticket ${ticket.id}`);
      continue;
    }
    await ctx.destination.post(`/members/${member.id}/point-grants`, {
      json: {
        points: POINTS[ticket.priority] ?? 5,
        reason: 'support_goodwill',
        reference: `zendesk-${ticket.id}`,
      },
    });
  }
}
