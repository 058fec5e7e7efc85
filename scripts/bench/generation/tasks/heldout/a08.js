// Reference solution of a08: one Slack digest of the Mobile team's open Urgent/High issues.
const QUERY = `query Hot($after: String) {
  issues(
    first: 50
    after: $after
    filter: {
      team: { key: { eq: "MOB" } }
      priority: { in: [1, 2] }
      state: { type: { nin: ["completed", "canceled"] } }
    }
  ) {
    nodes { identifier number title priority state { type } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export default async function run(ctx) {
  const issues = [];
  let after = null;
  for (;;) {
    const result = await ctx.source.post('/graphql', {
      json: { query: QUERY, variables: { after } },
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    issues.push(...result.data.issues.nodes);
    if (!result.data.issues.pageInfo.hasNextPage) break;
    after = result.data.issues.pageInfo.endCursor;
  }
  issues.sort((a, b) => a.priority - b.priority || a.number - b.number);
  const lines = [`Mobile hot list (${issues.length} issues)`];
  for (const issue of issues) {
    lines.push(
      `• ${issue.identifier} [${issue.priority === 1 ? 'Urgent' : 'High'}] ${issue.title}`,
    );
  }
  const posted = await ctx.destination.post('/chat.postMessage', {
    json: { channel: '#eng-leads', text: lines.join('\n') },
  });
  if (!posted.ok) throw new Error(`Slack: ${posted.error}`);
  return { listed: issues.length };
}
