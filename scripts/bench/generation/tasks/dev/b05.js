// Reference solution for b05: won deals of the "Enterprise" pipeline → billing-ledger entries.
const EXPONENT = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  HUF: 2,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};

export default async function run(ctx) {
  const pipelines = (await ctx.source.get('/pipelines')).data ?? [];
  const pipeline = pipelines.find((p) => p.name === 'Enterprise');
  if (!pipeline) throw new ctx.NonRetryableError('No pipeline named "Enterprise"');
  const deals = [];
  let start = 0;
  for (;;) {
    const res = await ctx.source.get('/deals', { query: { status: 'won', start, limit: 100 } });
    deals.push(...(res.data ?? []));
    const paging = res.additional_data?.pagination;
    if (!paging?.more_items_in_collection) break;
    start = paging.next_start;
  }
  for (const deal of deals) {
    if (deal.pipeline_id !== pipeline.id || deal.status !== 'won') continue;
    const exponent = EXPONENT[deal.currency] ?? 2;
    const entry = {
      external_id: `pd-deal-${deal.id}`,
      account: 'sales',
      direction: 'credit',
      source: 'pipedrive',
      amount_minor: Math.round(deal.value * 10 ** exponent),
      currency: deal.currency,
      description: deal.title,
      occurred_at: `${deal.won_time.replace(' ', 'T')}Z`,
    };
    try {
      await ctx.destination.post('/v2/entries', { json: entry });
    } catch (error) {
      if (error.status !== 409) throw error;
      ctx.log(`${entry.external_id} already booked`);
    }
  }
}
