// Reference solution for c13: Freshdesk contacts created in October 2026 with an email -> monday.com items.
export default async function run(ctx) {
  const contacts = [];
  for (let page = 1; ; page++) {
    const batch = await ctx.source.get('/contacts', { query: { per_page: 100, page } });
    contacts.push(...batch);
    if (batch.length < 100) break;
  }
  const gql = async (query, variables) => {
    const res = await ctx.destination.post('/v2', { json: { query, variables } });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data;
  };
  const board = (
    await gql('{ boards(ids: [8800112233]) { columns { id title } groups { id title } } }')
  ).boards[0];
  const emailCol = board.columns.find((c) => c.title === 'Email').id;
  const group = board.groups.find((g) => g.title === 'New contacts').id;
  for (const c of contacts) {
    if (!c.email || !c.created_at.startsWith('2026-10')) continue;
    await gql(
      'mutation ($name: String!, $group: String!, $values: JSON!) { create_item(board_id: 8800112233, group_id: $group, item_name: $name, column_values: $values) { id } }',
      {
        name: c.name,
        group,
        values: JSON.stringify({ [emailCol]: { email: c.email, text: c.email } }),
      },
    );
  }
}
