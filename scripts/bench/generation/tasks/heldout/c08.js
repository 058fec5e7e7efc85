// Reference solution for c08: the "Done" group of a monday.com board -> one Discord message.
export default async function run(ctx) {
  const gql = async (query, variables) => {
    const res = await ctx.source.post('', {
      headers: { 'API-Version': '2025-04' },
      json: { query, variables },
    });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data;
  };
  const board = (await gql('query { boards(ids: [5566778899]) { groups { id title } } }'))
    .boards[0];
  const group = board.groups.find((g) => g.title === 'Done');
  let page = (
    await gql(
      'query ($g: [String]) { boards(ids: [5566778899]) { groups(ids: $g) { items_page(limit: 100) { cursor items { name } } } } }',
      { g: [group.id] },
    )
  ).boards[0].groups[0].items_page;
  const names = page.items.map((i) => i.name);
  while (page.cursor) {
    page = (
      await gql(
        'query ($c: String!) { next_items_page(cursor: $c, limit: 100) { cursor items { name } } }',
        { c: page.cursor },
      )
    ).next_items_page;
    names.push(...page.items.map((i) => i.name));
  }
  const content = ['Done on Website relaunch:', ...names.map((n) => `• ${n}`)].join('\n');
  await ctx.destination.post(
    '/webhooks/1308812345678901234/Zq7LmN3vX9pR2tY6wK1sB8dF4hJ0cE5gA7uI3oP9aS2dF6gH1jK4lZ8xC0vB',
    { json: { content } },
  );
}
