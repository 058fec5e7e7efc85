// Reference solution of a04: OPS issues whose status became Done or Closed since the last run
// (first run: the last 24 hours) are posted to #ops-done, once each.
function jqlTime(ms) {
  // JQL takes minutes, not seconds: round down and let the posted-keys list drop repeats.
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export default async function run(ctx) {
  const startedAt = Date.now();
  const since = (await ctx.state.get('since')) ?? startedAt - 24 * 3600 * 1000;
  const recent = (await ctx.state.get('recent')) ?? [];
  const jql = `project = OPS AND status in (Done, Closed) AND statusCategoryChangedDate >= "${jqlTime(since)}" ORDER BY statusCategoryChangedDate ASC`;
  const issues = [];
  let nextPageToken;
  do {
    const page = await ctx.source.get('/search/jql', {
      query: {
        jql,
        fields: 'summary,status,statuscategorychangedate',
        maxResults: 100,
        nextPageToken,
      },
    });
    issues.push(...page.issues);
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);

  const posted = [];
  for (const issue of issues) {
    const changedAt = Date.parse(issue.fields.statuscategorychangedate);
    if (changedAt < since) continue;
    const id = `${issue.key}@${issue.fields.statuscategorychangedate}`;
    if (recent.includes(id)) continue;
    const result = await ctx.destination.post('/chat.postMessage', {
      json: {
        channel: '#ops-done',
        text: `${issue.key} finished: ${issue.fields.summary} [${issue.fields.status.name}]`,
      },
    });
    if (!result.ok) throw new Error(`Slack refused the message: ${result.error}`);
    posted.push(id);
  }
  await ctx.state.set('since', startedAt);
  await ctx.state.set('recent', [...recent, ...posted].slice(-200));
  return { posted: posted.length };
}
