// Reference solution of e06: deals won in November 2026 (won_time, UTC) in the pipeline named
// exactly "New Business" become Asana tasks in "Customer Onboarding", shaped like the example.
const PROJECT = '1207333444555666';

function thousands(value) {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

function addDays(day, days) {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

export default async function run(ctx) {
  const pipelines = await ctx.source.get('/pipelines');
  const pipeline = (pipelines.data ?? []).find((p) => p.name === 'New Business');
  if (!pipeline) throw new ctx.NonRetryableError('No pipeline named "New Business"');

  const deals = [];
  for (let start = 0; ;) {
    const page = await ctx.source.get('/deals', { query: { status: 'won', start, limit: 500 } });
    deals.push(...(page.data ?? []));
    const pagination = page.additional_data?.pagination;
    if (!pagination?.more_items_in_collection) break;
    start = pagination.next_start;
  }

  const won = deals.filter(
    (d) =>
      d.status === 'won' &&
      d.pipeline_id === pipeline.id &&
      d.won_time >= '2026-11-01 00:00:00' &&
      d.won_time < '2026-12-01 00:00:00',
  );
  for (const d of won) {
    const person = d.person_id ?? null;
    const contactName = person?.name ?? d.person_name ?? '';
    const emails = Array.isArray(person?.email) ? person.email : [];
    const email = (emails.find((e) => e.primary) ?? emails[0])?.value ?? '';
    const who = d.org_id?.name ?? d.org_name ?? contactName;
    const wonDay = d.won_time.slice(0, 10);
    await ctx.destination.post('/tasks', {
      json: {
        data: {
          name: `Onboard ${who} – ${d.currency} ${thousands(d.value)}`,
          notes: `Deal: ${d.title}\nContact: ${contactName} <${email}>\nWon: ${wonDay}`,
          due_on: addDays(wonDay, 14),
          projects: [PROJECT],
        },
      },
    });
  }
  return { created: won.length };
}
