// Reference solution of a01: open GitHub issues labelled "bug" (pull requests excluded, they
// come back in the issues list too) become Jira Bugs in project SHOP.
export default async function run(ctx) {
  const issues = [];
  for (let page = 1; ; page += 1) {
    const batch = await ctx.source.get('/repos/northwind/checkout-api/issues', {
      query: { state: 'open', labels: 'bug', per_page: 100, page },
    });
    if (!Array.isArray(batch) || batch.length === 0) break;
    issues.push(...batch);
  }
  const bugs = issues.filter((issue) => !issue.pull_request);
  for (const issue of bugs) {
    await ctx.destination.post('/rest/api/3/issue', {
      json: {
        fields: {
          project: { key: 'SHOP' },
          issuetype: { name: 'Bug' },
          summary: `GH#${issue.number}: ${issue.title}`,
          description: {
            type: 'doc',
            version: 1,
            content: [{ type: 'paragraph', content: [{ type: 'text', text: issue.html_url }] }],
          },
        },
      },
    });
  }
  return { created: bugs.length };
}
