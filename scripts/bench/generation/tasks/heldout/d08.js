// Reference solution for d08.
export default async function run(ctx) {
  const posts = [];
  for (let skip = 0; ;) {
    const page = await ctx.source.get('/spaces/w3bl0g9x2k1m/environments/master/entries', {
      query: {
        content_type: 'blogPost',
        'fields.publishDate[gte]': '2026-11-01',
        'fields.publishDate[lte]': '2026-11-15',
        order: 'fields.publishDate',
        skip,
        limit: 100,
      },
    });
    posts.push(...page.items);
    skip += page.items.length;
    if (page.items.length === 0 || skip >= page.total) break;
  }
  const live = posts.filter((e) => e.sys.publishedVersion && !e.sys.archivedVersion);
  live.sort((a, b) => (a.fields.publishDate['en-US'] < b.fields.publishDate['en-US'] ? -1 : 1));
  const esc = (s) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const items = live.map(
    (e) =>
      `<li><a href="https://blog.acme.example/posts/${encodeURIComponent(e.fields.slug['en-US'])}">${esc(e.fields.title['en-US'])}</a></li>`,
  );
  await ctx.destination.post('/email', {
    json: {
      From: 'digest@acme.example',
      To: 'leadership@acme.example',
      Subject: 'Blog digest: 1–15 November 2026',
      HtmlBody: `<p>Posts published 1–15 November 2026:</p><ul>${items.join('')}</ul>`,
      MessageStream: 'outbound',
    },
  });
}
