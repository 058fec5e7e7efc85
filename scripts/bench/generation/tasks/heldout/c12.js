// Reference solution for c12: open Greenhouse jobs -> one Discord message, sorted lines.
export default async function run(ctx) {
  const jobs = [];
  for (let page = 1; ; page++) {
    const batch = await ctx.source.get('/jobs', { query: { status: 'open', per_page: 100, page } });
    jobs.push(...batch);
    if (batch.length < 100) break;
  }
  jobs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const content = jobs.map((j) => `${j.name} – ${j.departments[0]?.name ?? ''}`).join('\n');
  await ctx.destination.post(
    '/webhooks/1307700112233445566/Hy5Rt8Wq2Zp9Lm4Xc7Vb1Nk6Jd3Fs0Ga5Qe8Tu2Io7Py4Aw1Sx9Dz6Cv3Bn0Mk',
    { json: { content } },
  );
}
