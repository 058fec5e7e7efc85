// Reference solution for c03: Greenhouse hires starting in December 2026 -> BambooHR employees.
export default async function run(ctx) {
  // Harvest pages by `page`; a page shorter than per_page is the last one.
  const applications = [];
  for (let page = 1; ; page++) {
    const batch = await ctx.source.get('/applications', {
      query: { status: 'hired', per_page: 5, page },
    });
    applications.push(...batch);
    if (batch.length < 5) break;
  }

  const directory = await ctx.destination.get('/employees/directory', {
    headers: { accept: 'application/json' },
  });
  const known = new Set(
    directory.employees.map((e) => (e.workEmail || '').toLowerCase()).filter(Boolean),
  );

  for (const app of applications) {
    let offer;
    try {
      offer = await ctx.source.get(`/applications/${app.id}/offers/current_offer`);
    } catch (error) {
      if (error.status === 404) continue;
      throw error;
    }
    if (offer.status !== 'accepted' || !offer.starts_at) continue;
    if (offer.starts_at < '2026-12-01' || offer.starts_at > '2026-12-31') continue;
    const candidate = await ctx.source.get(`/candidates/${app.candidate_id}`);
    const emails = candidate.email_addresses || [];
    const email = (emails.find((e) => e.type === 'work') || emails[0])?.value;
    if (email && known.has(email.toLowerCase())) continue;
    await ctx.destination.post('/employees', {
      headers: { accept: 'application/json' },
      json: {
        firstName: candidate.first_name,
        lastName: candidate.last_name,
        workEmail: email,
        jobTitle: app.jobs[0].name,
        hireDate: offer.starts_at,
      },
    });
    if (email) known.add(email.toLowerCase());
  }
}
