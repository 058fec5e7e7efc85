// Reference solution for d09.
export default async function run(ctx) {
  const startedAt = new Date().toISOString();
  const since = await ctx.state.get('updatedAfter');
  if (since) {
    const project = encodeURIComponent('platform/api-gateway');
    const seen = new Set();
    for (let page = 1; page;) {
      const batch = await ctx.source.get(`/projects/${project}/pipelines`, {
        query: {
          ref: 'main',
          status: 'failed',
          updated_after: since,
          order_by: 'id',
          sort: 'asc',
          per_page: 100,
          page,
        },
      });
      for (const p of batch) {
        if (p.ref !== 'main' || p.status !== 'failed' || seen.has(p.id)) continue;
        seen.add(p.id);
        await ctx.destination.post('', {
          json: { text: `Pipeline #${p.id} failed on main: ${p.web_url}` },
        });
      }
      page = batch.length ? page + 1 : 0;
    }
  }
  await ctx.state.set('updatedAfter', startedAt);
}
