// Reference solution for d02.
export default async function run(ctx) {
  const realm = '9341452187654321';
  const qb = (statement) =>
    ctx.destination.get(`/v3/company/${realm}/query`, {
      query: { query: statement, minorversion: 75 },
      headers: { Accept: 'application/json' },
    });
  const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const orders = [];
  for (let page = 1; ; page++) {
    const batch = await ctx.source.get('/orders', {
      query: { status: 'processing,on-hold', per_page: 100, page },
    });
    orders.push(...batch);
    if (batch.length === 0) break;
  }
  const itemIds = new Map();
  for (const order of orders) {
    if (order.status !== 'processing' && order.status !== 'on-hold') continue;
    const name = `${order.billing.first_name} ${order.billing.last_name}`;
    const found =
      (await qb(`select * from Customer where DisplayName = ${quote(name)}`)).QueryResponse
        .Customer ?? [];
    if (found.length === 0) {
      ctx.log(`skip order ${order.number}: no customer ${name}`);
      continue;
    }
    const Line = [];
    for (const item of order.line_items) {
      if (!itemIds.has(item.sku)) {
        const hit =
          (await qb(`select * from Item where Name = ${quote(item.sku)}`)).QueryResponse.Item ?? [];
        itemIds.set(item.sku, hit[0]?.Id);
      }
      Line.push({
        DetailType: 'SalesItemLineDetail',
        Description: item.name,
        Amount: Number(item.total),
        SalesItemLineDetail: {
          ItemRef: { value: itemIds.get(item.sku) },
          Qty: item.quantity,
          UnitPrice: Number(item.price),
        },
      });
    }
    await ctx.destination.post(`/v3/company/${realm}/invoice`, {
      query: { minorversion: 75 },
      headers: { Accept: 'application/json' },
      json: {
        CustomerRef: { value: found[0].Id },
        DocNumber: `WC-${order.number}`,
        TxnDate: order.date_created.slice(0, 10),
        Line,
      },
    });
  }
}
