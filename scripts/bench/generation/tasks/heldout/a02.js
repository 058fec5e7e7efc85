// Reference solution of a02: unresolved Sentry issues of billing-api with more than 50 events
// (Sentry's `count` is a string) become Linear issues in the Payments team.
export default async function run(ctx) {
  const found = [];
  let cursor;
  for (;;) {
    // The answer is the array; the next cursor is in the Link header, which the client does not
    // expose, so page with the cursor format Sentry documents ("<value>:<offset>:<is_prev>").
    const page = await ctx.source.get('/projects/acme-labs/billing-api/issues/', {
      query: { query: 'is:unresolved', cursor },
    });
    if (!Array.isArray(page) || page.length === 0) break;
    found.push(...page);
    cursor = `0:${found.length}:0`;
  }
  const noisy = found.filter((issue) => issue.status === 'unresolved' && Number(issue.count) > 50);

  const teams = await ctx.destination.post('/graphql', {
    json: { query: 'query { teams(filter: { key: { eq: "PAY" } }) { nodes { id key } } }' },
  });
  const teamId = teams.data.teams.nodes[0].id;

  for (const issue of noisy) {
    const result = await ctx.destination.post('/graphql', {
      json: {
        query:
          'mutation Create($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier } } }',
        variables: {
          input: {
            teamId,
            title: `[Sentry] ${issue.title}`,
            description: `${issue.shortId}\n${issue.culprit}\n${issue.permalink}`,
            priority: issue.level === 'fatal' ? 2 : 3,
          },
        },
      },
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
  }
  return { created: noisy.length };
}
