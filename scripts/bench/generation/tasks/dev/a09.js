// Reference solution of a09: active BER-1 items with quantity_on_hand <= reorder_level, one
// Slack message each in #purchasing.
export default async function run(ctx) {
  const items = [];
  for (let page = 1; ; page += 1) {
    const body = await ctx.source.get('/items', {
      query: { warehouse: 'BER-1', page, page_size: 5 },
    });
    items.push(...body.data);
    if (page >= body.meta.total_pages) break;
  }
  const low = items.filter(
    (i) =>
      i.warehouse === 'BER-1' &&
      i.status !== 'discontinued' &&
      i.quantity_on_hand <= i.reorder_level,
  );
  for (const i of low) {
    const text = `Low stock: ${i.name} (${i.sku}) – ${i.quantity_on_hand} ${i.unit} left, reorder level ${i.reorder_level}. Order ${i.reorder_quantity} from ${i.supplier || 'unknown supplier'}.`;
    const res = await ctx.destination.post('/chat.postMessage', {
      json: { channel: '#purchasing', text },
    });
    if (!res.ok) throw new Error(`Slack: ${res.error}`);
  }
  return { alerted: low.length };
}
