// Reference solution of a16: Airtable Parts with a SKU update the stock of the inventory item
// with that SKU (looked up one by one: listings hide discontinued items) or create it.
export default async function run(ctx) {
  const parts = [];
  let offset;
  do {
    const page = await ctx.source.get('/appPartsCatalog1/Parts', {
      query: { pageSize: 100, offset },
    });
    parts.push(...page.records);
    offset = page.offset;
  } while (offset);

  let updated = 0;
  let created = 0;
  for (const { fields } of parts) {
    const sku = (fields.SKU ?? '').trim();
    if (!sku) continue;
    const stock = fields.Stock ?? 0;
    let exists = true;
    try {
      await ctx.destination.get(`/items/${encodeURIComponent(sku)}`);
    } catch (error) {
      if (error.status !== 404) throw error;
      exists = false;
    }
    if (exists) {
      await ctx.destination.patch(`/items/${encodeURIComponent(sku)}`, {
        json: { quantity_on_hand: stock },
      });
      updated += 1;
    } else {
      const item = {
        sku,
        name: fields['Part Name'],
        quantity_on_hand: stock,
        reorder_level: fields['Reorder At'] ?? 0,
        unit: String(fields.Unit).toLowerCase(),
        warehouse: 'BER-1',
      };
      if (fields.Supplier) item.supplier = fields.Supplier;
      await ctx.destination.post('/items', { json: item });
      created += 1;
    }
  }
  return { updated, created };
}
