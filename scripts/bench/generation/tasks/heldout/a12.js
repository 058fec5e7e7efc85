// Reference solution of a12: stable releases of tidewater/engine published since the last run
// go to #releases; the first run posts only the latest one. Drafts are listed too (push
// access) and have no published_at; a published draft keeps its earlier created_at.
export default async function run(ctx) {
  const releases = [];
  for (let page = 1; ; page += 1) {
    const batch = await ctx.source.get('/repos/tidewater/engine/releases', {
      query: { per_page: 100, page },
    });
    if (!Array.isArray(batch) || batch.length === 0) break;
    releases.push(...batch);
  }
  const stable = releases
    .filter((r) => !r.draft && !r.prerelease && r.published_at)
    .sort((a, b) => Date.parse(a.published_at) - Date.parse(b.published_at));
  const last = await ctx.state.get('lastPublishedAt');
  const fresh = last
    ? stable.filter((r) => Date.parse(r.published_at) > Date.parse(last))
    : stable.slice(-1);
  for (const r of fresh) {
    const res = await ctx.destination.post('/api/chat.postMessage', {
      json: {
        channel: '#releases',
        text: `tidewater/engine ${r.tag_name} released: ${r.html_url}`,
      },
    });
    if (!res.ok) throw new Error(`Slack: ${res.error}`);
  }
  if (stable.length) await ctx.state.set('lastPublishedAt', stable[stable.length - 1].published_at);
  return { posted: fresh.length };
}
