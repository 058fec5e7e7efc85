// Reference solution for f05: Greenhouse applications created since the last run (first run: the
// last 24 hours) for jobs of the Engineering department, prospects left out → one Slack message
// each in #eng-hiring.
export default async function run(ctx) {
  const last = await ctx.state.get('appliedAfter');
  const since = last ?? new Date(Date.now() - 24 * 3600 * 1000).toISOString();

  const all = async (path, query) => {
    const out = [];
    for (let page = 1; ; page++) {
      const batch = await ctx.source.get(path, { query: { ...query, per_page: 100, page } });
      out.push(...batch);
      if (batch.length < 100) break;
    }
    return out;
  };

  // created_after is inclusive: the application the last run ended on comes back again.
  const applications = (await all('/applications', { created_after: since })).filter(
    (a) => !last || Date.parse(a.applied_at) > Date.parse(last),
  );
  const jobs = await all('/jobs', {});
  const engineering = new Set(
    jobs
      .filter((j) => (j.departments ?? []).some((d) => d.name === 'Engineering'))
      .map((j) => j.id),
  );

  let newest = since;
  const picked = [];
  for (const a of applications) {
    if (Date.parse(a.applied_at) > Date.parse(newest)) newest = a.applied_at;
    if (a.prospect) continue;
    const job = (a.jobs ?? []).find((j) => engineering.has(j.id));
    if (!job) continue;
    picked.push({ a, job });
  }
  picked.sort((x, y) => Date.parse(x.a.applied_at) - Date.parse(y.a.applied_at));
  for (const { a, job } of picked) {
    const candidate = await ctx.source.get(`/candidates/${a.candidate_id}`);
    const text = `New applicant: ${candidate.first_name} ${candidate.last_name} – ${job.name} (via ${a.source?.public_name ?? 'unknown'})`;
    const answer = await ctx.destination.post('/chat.postMessage', {
      json: { channel: '#eng-hiring', text },
    });
    if (!answer.ok) throw new Error(`Slack refused the message: ${answer.error}`);
  }
  ctx.log(`posted ${picked.length} messages`);
  await ctx.state.set('appliedAfter', newest);
}
