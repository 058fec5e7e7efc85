// Reference solution for b14: Zendesk end-users created since the last run → Intercom contacts.
export default async function run(ctx) {
  const since = await ctx.state.get('createdAfter');
  const users = [];
  let page = 1;
  for (;;) {
    const res = await ctx.source.get('/users.json', {
      query: { role: 'end-user', per_page: 100, page },
    });
    users.push(...res.users);
    if (!res.next_page) break;
    page += 1;
  }
  let newest = since ?? '';
  for (const user of users) {
    if (user.role !== 'end-user') continue;
    if (user.created_at > newest) newest = user.created_at;
    if (since && user.created_at <= since) continue;
    try {
      await ctx.destination.post('/contacts', {
        headers: { 'Intercom-Version': '2.11' },
        json: { role: 'user', external_id: String(user.id), email: user.email, name: user.name },
      });
    } catch (error) {
      if (error.status !== 409) throw error;
      ctx.log(`user ${user.id} is in Intercom already`);
    }
  }
  if (newest) await ctx.state.set('createdAfter', newest);
}
