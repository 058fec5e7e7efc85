// Reference solution for d06.
export default async function run(ctx) {
  const all = async (path, query = {}) => {
    const out = [];
    let token;
    do {
      const res = await ctx.source.get(path, {
        query: { ...query, limit: 100, page_token: token },
      });
      out.push(...res._results);
      const next = res._pagination?.next;
      const match = next ? /[?&]page_token=([^&]+)/.exec(next) : null;
      token = match ? decodeURIComponent(match[1]) : undefined;
    } while (token);
    return out;
  };
  const bug = (await all('/tags')).find((t) => t.name === 'bug');
  if (!bug) return;
  const convs = await all(`/tags/${bug.id}/conversations`, {
    'q[statuses][]': ['assigned', 'unassigned'],
  });
  for (const c of convs) {
    if (c.status === 'archived' || c.status === 'deleted') continue;
    await ctx.destination.post(
      `/api/v4/projects/${encodeURIComponent('acme/support-bugs')}/issues`,
      {
        json: {
          title: c.subject,
          description: c.recipient.handle,
          labels: c.tags.map((t) => t.name).join(','),
        },
      },
    );
  }
}
