// Reference solution of a15: open (triggered/acknowledged) high-urgency incidents, whatever
// their age (PagerDuty lists only the last 30 days unless date_range=all), become Linear issues.
const PRIORITY = { P1: 1, P2: 2 };

export default async function run(ctx) {
  const incidents = [];
  for (let offset = 0; ;) {
    const page = await ctx.source.get('/incidents', {
      query: {
        'statuses[]': ['triggered', 'acknowledged'],
        'urgencies[]': 'high',
        date_range: 'all',
        limit: 100,
        offset,
      },
    });
    incidents.push(...page.incidents);
    if (!page.more) break;
    offset += page.incidents.length;
  }
  const open = incidents.filter(
    (i) => i.urgency === 'high' && ['triggered', 'acknowledged'].includes(i.status),
  );

  const teams = await ctx.destination.post('/graphql', {
    json: { query: '{ teams(filter: { key: { eq: "OPS" } }) { nodes { id key } } }' },
  });
  const teamId = teams.data.teams.nodes.find((t) => t.key === 'OPS').id;

  for (const i of open) {
    const result = await ctx.destination.post('/graphql', {
      json: {
        query: 'mutation ($input: IssueCreateInput!) { issueCreate(input: $input) { success } }',
        variables: {
          input: {
            teamId,
            title: `[PD #${i.incident_number}] ${i.title}`,
            description: `Service: ${i.service.summary}\nStatus: ${i.status}\n${i.html_url}`,
            priority: PRIORITY[i.priority?.summary] ?? 3,
          },
        },
      },
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
  }
  return { created: open.length };
}
