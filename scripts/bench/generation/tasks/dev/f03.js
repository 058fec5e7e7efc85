// Reference solution for f03: open Intercom conversations (state open: not closed, not snoozed)
// started by a customer with an email → one Freshdesk ticket each.
export default async function run(ctx) {
  const conversations = [];
  let startingAfter;
  for (;;) {
    const page = await ctx.source.post('/conversations/search', {
      headers: { 'Intercom-Version': '2.11' },
      json: {
        query: { field: 'state', operator: '=', value: 'open' },
        pagination: { per_page: 50, ...(startingAfter ? { starting_after: startingAfter } : {}) },
      },
    });
    conversations.push(...page.conversations);
    startingAfter = page.pages?.next?.starting_after;
    if (!startingAfter) break;
  }
  let created = 0;
  for (const c of conversations) {
    if (c.state !== 'open') continue;
    const author = c.source?.author ?? {};
    if (c.source?.delivered_as === 'admin_initiated' || author.type === 'admin') continue;
    if (!author.email) continue;
    await ctx.destination.post('/tickets', {
      json: {
        subject: c.title ? c.title : `Chat with ${author.name}`,
        description: c.source.body,
        email: author.email,
        priority: c.priority === 'priority' ? 4 : 2,
        status: 2,
        source: 7,
        tags: ['intercom'],
      },
    });
    created++;
  }
  ctx.log(`created ${created} tickets`);
}
