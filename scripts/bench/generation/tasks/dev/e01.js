// Reference solution of e01: orders placed in October 2026 (shop time, -04:00) that were refunded
// fully or partially, leaving out test and cancelled orders, become rows of the "Refunds" tab.
// The orders list hides closed (archived) orders unless status=any; since_id pages by id.
export default async function run(ctx) {
  const orders = [];
  let sinceId = 0;
  for (;;) {
    const page = await ctx.source.get('/orders.json', {
      query: {
        status: 'any',
        created_at_min: '2026-10-01T00:00:00-04:00',
        created_at_max: '2026-10-31T23:59:59-04:00',
        limit: 250,
        since_id: sinceId,
      },
    });
    if (page.orders.length === 0) break;
    orders.push(...page.orders);
    sinceId = page.orders[page.orders.length - 1].id;
  }
  const refunded = orders
    .filter((o) => ['refunded', 'partially_refunded'].includes(o.financial_status))
    .filter((o) => !o.test && !o.cancelled_at)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const values = refunded.map((o) => {
    let cents = 0;
    for (const refund of o.refunds ?? [])
      for (const t of refund.transactions ?? [])
        if (t.kind === 'refund' && t.status === 'success')
          cents += Math.round(Number(t.amount) * 100);
    return [
      o.name,
      o.created_at.slice(0, 10),
      o.email,
      o.financial_status === 'refunded' ? 'Full' : 'Partial',
      Number(o.total_price),
      cents / 100,
    ];
  });
  if (values.length === 0) return { appended: 0 };
  await ctx.destination.post(
    '/spreadsheets/1vRfnd5Trk2026LanternLeafQx9/values/Refunds!A1:append',
    {
      query: { valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' },
      json: { values },
    },
  );
  return { appended: values.length };
}
