// Reference solution for d12.
export default async function run(ctx) {
  const eventId = '776655443322';
  const orders = [];
  let continuation;
  do {
    const page = await ctx.source.get(`/v3/events/${eventId}/orders/`, {
      query: { status: 'active', expand: 'attendees', continuation },
    });
    orders.push(...page.orders);
    continuation = page.pagination.has_more_items ? page.pagination.continuation : undefined;
  } while (continuation);
  const json = { Accept: 'application/json' };
  const items = await ctx.destination.get('/query', {
    query: { query: "select * from Item where Name = 'Event tickets'", minorversion: 75 },
    headers: json,
  });
  const itemId = items.QueryResponse.Item[0].Id;
  for (const o of orders) {
    if (o.status !== 'placed' || o.costs.gross.value === 0) continue;
    const types = new Map();
    for (const a of o.attendees) {
      const t = types.get(a.ticket_class_name) ?? { qty: 0, price: a.costs.base_price.value / 100 };
      t.qty += 1;
      types.set(a.ticket_class_name, t);
    }
    const Line = [...types.keys()].sort().map((name) => {
      const t = types.get(name);
      return {
        DetailType: 'SalesItemLineDetail',
        Description: name,
        Amount: Math.round(t.qty * t.price * 100) / 100,
        SalesItemLineDetail: { ItemRef: { value: itemId }, Qty: t.qty, UnitPrice: t.price },
      };
    });
    await ctx.destination.post('/salesreceipt', {
      query: { minorversion: 75 },
      headers: json,
      json: {
        DocNumber: `EB-${o.id}`,
        TxnDate: o.created.slice(0, 10),
        PrivateNote: `Eventbrite order ${o.id} - ${o.name} (${o.email})`,
        Line,
      },
    });
  }
}
