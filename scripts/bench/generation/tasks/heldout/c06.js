// Reference solution for c06: urgent/high open/pending Freshdesk tickets -> monday.com items.
export default async function run(ctx) {
  const tickets = [];
  for (let page = 1; page <= 10; page++) {
    const res = await ctx.source.get('/search/tickets', {
      query: { query: '"(priority:4 OR priority:3) AND (status:2 OR status:3)"', page },
    });
    tickets.push(...res.results);
    if (tickets.length >= res.total || res.results.length === 0) break;
  }

  const gql = async (query, variables) => {
    const res = await ctx.destination.post('', {
      headers: { 'API-Version': '2025-04' },
      json: { query, variables },
    });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data;
  };
  const board = (
    await gql(
      'query ($ids: [ID!]) { boards(ids: $ids) { columns { id title type } groups { id title } } }',
      { ids: ['7712345678'] },
    )
  ).boards[0];
  const col = (title) => board.columns.find((c) => c.title === title).id;
  const group = board.groups.find((g) => g.title === 'Escalated tickets').id;

  const emails = new Map();
  for (const t of tickets) {
    if (!emails.has(t.requester_id))
      emails.set(t.requester_id, (await ctx.source.get(`/contacts/${t.requester_id}`)).email);
    const values = {
      [col('Status')]: { label: t.status === 2 ? 'New' : 'Waiting on customer' },
      [col('Ticket #')]: `FD-${t.id}`,
      [col('Due')]: { date: t.due_by.slice(0, 10) },
      [col('Requester')]: { email: emails.get(t.requester_id), text: emails.get(t.requester_id) },
    };
    await gql(
      'mutation ($board: ID!, $group: String, $name: String!, $values: JSON) { create_item(board_id: $board, group_id: $group, item_name: $name, column_values: $values) { id } }',
      { board: '7712345678', group, name: t.subject, values: JSON.stringify(values) },
    );
  }
}
