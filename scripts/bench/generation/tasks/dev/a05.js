// Reference solution of a05: pull requests of acme/web-console merged into main become pages of
// the "Shipped" Notion database (closed-unmerged and other base branches are left out).
export default async function run(ctx) {
  const pulls = [];
  for (let page = 1; ; page += 1) {
    const batch = await ctx.source.get('/repos/acme/web-console/pulls', {
      query: { state: 'closed', base: 'main', per_page: 100, page },
    });
    if (!Array.isArray(batch) || batch.length === 0) break;
    pulls.push(...batch);
  }
  const merged = pulls.filter((p) => p.merged_at && p.base.ref === 'main');
  for (const pr of merged) {
    await ctx.destination.post('/pages', {
      headers: { 'Notion-Version': '2022-06-28' },
      json: {
        parent: { database_id: '9b1f3c2e7a444d1e9c0b5e8f2a6d4c11' },
        properties: {
          Name: { title: [{ text: { content: pr.title } }] },
          'PR URL': { url: pr.html_url },
          Number: { number: pr.number },
          Merged: { date: { start: pr.merged_at.slice(0, 10) } },
          Author: { rich_text: [{ text: { content: pr.user.login } }] },
        },
      },
    });
  }
  return { created: merged.length };
}
