// Reference solution for d01: merged MRs into main in October 2026 → Contentful changelogEntry drafts.
export default async function run(ctx) {
  const from = Date.parse('2026-10-01T00:00:00Z');
  const to = Date.parse('2026-10-31T23:59:59Z');
  const mrs = [];
  for (let page = 1; page;) {
    const batch = await ctx.source.get('/projects/4821/merge_requests', {
      query: { state: 'merged', target_branch: 'main', per_page: 100, page },
    });
    mrs.push(...batch);
    page = batch.length ? page + 1 : 0;
  }
  const wanted = mrs.filter((mr) => {
    if (mr.state !== 'merged' || mr.target_branch !== 'main' || !mr.merged_at) return false;
    const t = Date.parse(mr.merged_at);
    return t >= from && t <= to + 999;
  });
  const paragraph = (text) => ({
    nodeType: 'paragraph',
    data: {},
    content: [{ nodeType: 'text', value: text, marks: [], data: {} }],
  });
  for (const mr of wanted) {
    const blocks = (mr.description ?? '')
      .split(/\n\s*\n/)
      .map((b) => b.trim())
      .filter(Boolean);
    const body = {
      nodeType: 'document',
      data: {},
      content: (blocks.length ? blocks : ['No description provided.']).map(paragraph),
    };
    await ctx.destination.post('/spaces/8vx2mq0ln3zd/environments/master/entries', {
      headers: { 'X-Contentful-Content-Type': 'changelogEntry' },
      json: {
        fields: {
          title: { 'en-US': mr.title },
          mrIid: { 'en-US': mr.iid },
          mergedAt: { 'en-US': mr.merged_at },
          author: { 'en-US': mr.author.username },
          labels: { 'en-US': mr.labels },
          url: { 'en-US': mr.web_url },
          body: { 'en-US': body },
        },
      },
    });
  }
  ctx.log(`created ${wanted.length} changelog entries`);
}
