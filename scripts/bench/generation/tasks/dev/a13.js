// Reference solution of a13: unresolved Sentry issues of harbor/mobile-api are upserted into
// Jira project MAPI by exact summary.
const doc = (text) => ({
  type: 'doc',
  version: 1,
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

export default async function run(ctx) {
  const sentry = await ctx.source.get('/projects/harbor/mobile-api/issues/', {
    query: { query: 'is:unresolved', limit: 100 },
  });
  const unresolved = sentry.filter((i) => i.status === 'unresolved');

  const existing = new Map();
  let nextPageToken;
  do {
    const page = await ctx.destination.get('/rest/api/3/search/jql', {
      query: { jql: 'project = MAPI', fields: 'summary', maxResults: 100, nextPageToken },
    });
    for (const issue of page.issues) existing.set(issue.fields.summary, issue.key);
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);

  let created = 0;
  let updated = 0;
  for (const i of unresolved) {
    const summary = `[${i.shortId}] ${i.title}`;
    const description = doc(`Events: ${i.count}, users: ${i.userCount}, last seen ${i.lastSeen}`);
    const key = existing.get(summary);
    if (key) {
      await ctx.destination.put(`/rest/api/3/issue/${key}`, {
        json: { fields: { description, labels: ['sentry'] } },
      });
      updated += 1;
    } else {
      await ctx.destination.post('/rest/api/3/issue', {
        json: {
          fields: {
            project: { key: 'MAPI' },
            issuetype: { name: 'Task' },
            summary,
            description,
            labels: ['sentry'],
          },
        },
      });
      created += 1;
    }
  }
  return { created, updated };
}
