// Reference solution of a11: Notion pages with Status "Ready to publish" become Posts records.
const HEADERS = { 'Notion-Version': '2022-06-28' };
const text = (rich) => (rich ?? []).map((r) => r.plain_text).join('');

export default async function run(ctx) {
  const pages = [];
  let cursor;
  do {
    const body = await ctx.source.post('/v1/databases/3c5e7a901b2d4f6a8c0e2d4f6a8c0e11/query', {
      headers: HEADERS,
      json: {
        filter: { property: 'Status', status: { equals: 'Ready to publish' } },
        page_size: 100,
        ...(cursor ? { start_cursor: cursor } : {}),
      },
    });
    pages.push(...body.results);
    cursor = body.has_more ? body.next_cursor : undefined;
  } while (cursor);

  const records = pages.map((page) => {
    const p = page.properties;
    const channel = p.Channel.select?.name;
    const fields = {
      Title: text(p.Title.title),
      Author: text(p.Author.rich_text),
      Channel: ['Blog', 'Newsletter', 'LinkedIn'].includes(channel) ? channel : 'Other',
      'Notion URL': page.url,
      Status: 'Scheduled',
    };
    if (p['Publish date'].date?.start)
      fields['Publish Date'] = p['Publish date'].date.start.slice(0, 10);
    if (typeof p['Word count'].number === 'number') fields.Words = p['Word count'].number;
    return { fields };
  });
  for (let i = 0; i < records.length; i += 10) {
    await ctx.destination.post('/appEd1torialPosts/Posts', {
      json: { records: records.slice(i, i + 10) },
    });
  }
  return { created: records.length };
}
