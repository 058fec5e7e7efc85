// Reference solution for d13.
export default async function run(ctx) {
  const base = '/spaces/car33rs5p4ce/environments/master';
  const postings = [];
  let offset;
  do {
    const page = await ctx.source.get('/postings', {
      query: { state: 'published', limit: 100, offset },
    });
    postings.push(...page.data);
    offset = page.hasNext ? page.next : undefined;
  } while (offset);
  for (const p of postings) {
    if (p.state !== 'published') continue;
    const fields = {
      leverId: { 'en-US': p.id },
      title: { 'en-US': p.text },
      team: { 'en-US': p.categories.team },
      location: { 'en-US': p.categories.location },
      commitment: { 'en-US': p.categories.commitment },
      description: { 'en-US': p.content.description },
      applyUrl: { 'en-US': p.urls.apply },
    };
    const found = await ctx.destination.get(`${base}/entries`, {
      query: { content_type: 'jobPosting', 'fields.leverId': p.id, limit: 1 },
    });
    let entry;
    if (found.items.length > 0) {
      const current = found.items[0];
      entry = await ctx.destination.put(`${base}/entries/${current.sys.id}`, {
        headers: { 'X-Contentful-Version': String(current.sys.version) },
        json: { fields: { ...current.fields, ...fields } },
      });
    } else {
      entry = await ctx.destination.post(`${base}/entries`, {
        headers: { 'X-Contentful-Content-Type': 'jobPosting' },
        json: { fields },
      });
    }
    await ctx.destination.put(`${base}/entries/${entry.sys.id}/published`, {
      headers: { 'X-Contentful-Version': String(entry.sys.version) },
    });
  }
}
