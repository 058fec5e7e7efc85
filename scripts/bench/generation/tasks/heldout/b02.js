// Reference solution for b02: paid, not cancelled Shopify orders created in October 2024 → Xero
// draft ACCREC invoices, one line per line item.
export default async function run(ctx) {
  // ctx clients return bodies only (no Link header), so page with since_id, which Shopify lists
  // in ascending id order.
  const orders = [];
  let sinceId = 0;
  for (;;) {
    const page = await ctx.source.get('/orders.json', {
      query: {
        status: 'any',
        financial_status: 'paid',
        created_at_min: '2024-10-01T00:00:00Z',
        created_at_max: '2024-10-31T23:59:59Z',
        limit: 250,
        since_id: sinceId,
      },
    });
    if (page.orders.length === 0) break;
    orders.push(...page.orders);
    sinceId = page.orders[page.orders.length - 1].id;
  }
  const tenant = { 'Xero-tenant-id': '3f9a2c6e-81d4-4b7a-9c55-0e1d2f3a4b5c' };
  for (const order of orders) {
    if (order.cancelled_at) continue;
    const invoice = {
      Type: 'ACCREC',
      Status: 'DRAFT',
      LineAmountTypes: 'Inclusive',
      CurrencyCode: order.currency,
      Contact: { Name: `${order.customer.first_name} ${order.customer.last_name}` },
      Date: order.created_at.slice(0, 10),
      Reference: order.name,
      LineItems: order.line_items.map((item) => ({
        Description: item.title,
        Quantity: item.quantity,
        UnitAmount: Number(item.price),
        AccountCode: '200',
      })),
    };
    await ctx.destination.post('/api.xro/2.0/Invoices', {
      json: { Invoices: [invoice] },
      headers: tenant,
    });
  }
}
