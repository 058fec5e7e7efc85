// Reference solution for f02: PHX issues resolved as real work in the last 7 days → one Teams
// message, sorted by issue number.
export default async function run(ctx) {
  const issues = [];
  let nextPageToken;
  for (;;) {
    const page = await ctx.source.post('/rest/api/3/search/jql', {
      json: {
        jql: 'project = PHX AND resolved >= -7d ORDER BY key ASC',
        fields: ['summary', 'assignee', 'resolution', 'resolutiondate'],
        maxResults: 100,
        ...(nextPageToken ? { nextPageToken } : {}),
      },
    });
    issues.push(...page.issues);
    if (page.isLast || !page.nextPageToken) break;
    nextPageToken = page.nextPageToken;
  }
  const done = issues
    .filter((i) => !["Won't Do", 'Duplicate'].includes(i.fields.resolution?.name))
    .filter((i) => i.key.startsWith('PHX-'))
    .sort((a, b) => Number(a.key.split('-')[1]) - Number(b.key.split('-')[1]));
  const lines = [`Done in the last 7 days: ${done.length} issues`];
  for (const i of done) {
    lines.push(
      `${i.key} – ${i.fields.summary} (${i.fields.assignee?.displayName ?? 'unassigned'})`,
    );
  }
  await ctx.destination.post('', {
    json: {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: lines[0],
      text: lines.join('\n\n'),
    },
  });
}
