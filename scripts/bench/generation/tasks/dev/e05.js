// Reference solution of e05: open issues of lumen-labs/telemetry-sdk labelled "accepted" (pull
// requests left out) become Linear issues in team SDK, unless an issue of that team already has
// a title starting with "[gh-<number>]" (an issue in another team does not count).
async function gql(ctx, query, variables = {}) {
  const answer = await ctx.destination.post('/graphql', { json: { query, variables } });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

export default async function run(ctx) {
  const issues = [];
  for (let page = 1; ; page += 1) {
    const batch = await ctx.source.get('/repos/lumen-labs/telemetry-sdk/issues', {
      query: { state: 'open', labels: 'accepted', per_page: 100, page },
    });
    issues.push(...batch);
    if (batch.length < 100) break;
  }
  const accepted = issues
    .filter((i) => !i.pull_request && i.state === 'open')
    .filter((i) => i.labels.some((l) => l.name === 'accepted'));

  const teams = await gql(ctx, '{ teams(filter: { key: { eq: "SDK" } }) { nodes { id key } } }');
  const team = teams.teams.nodes.find((t) => t.key === 'SDK');
  const labels = await gql(
    ctx,
    '{ issueLabels(filter: { name: { eq: "Bug" } }) { nodes { id name } } }',
  );
  const bugLabel = labels.issueLabels.nodes.find((l) => l.name === 'Bug');

  const titles = [];
  let after = null;
  for (;;) {
    const data = await gql(
      ctx,
      `query ($teamId: String!, $after: String) {
        team(id: $teamId) { issues(first: 250, after: $after) { nodes { title } pageInfo { hasNextPage endCursor } } }
      }`,
      { teamId: team.id, after },
    );
    const conn = data.team.issues;
    titles.push(...conn.nodes.map((n) => n.title));
    if (!conn.pageInfo.hasNextPage) break;
    after = conn.pageInfo.endCursor;
  }

  let created = 0;
  for (const i of accepted.sort((a, b) => a.number - b.number)) {
    const prefix = `[gh-${i.number}]`;
    if (titles.some((t) => t.startsWith(prefix))) continue;
    const link = `GitHub: ${i.html_url}`;
    const description = i.body && i.body.trim() ? `${i.body}\n\n${link}` : link;
    const isBug = i.labels.some((l) => l.name === 'bug');
    await gql(
      ctx,
      'mutation ($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id } } }',
      {
        input: {
          teamId: team.id,
          title: `${prefix} ${i.title}`,
          description,
          labelIds: isBug ? [bugLabel.id] : [],
        },
      },
    );
    created += 1;
  }
  return { created };
}
