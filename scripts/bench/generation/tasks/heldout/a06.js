// Reference solution of a06: every Vendors record whose Status is not "Archived" (blank
// included) becomes a row of the Directory tab, A→Z by name; Airtable leaves empty fields out.
export default async function run(ctx) {
  const records = [];
  let offset;
  do {
    const page = await ctx.source.get('/appQ3vendorsOPS1/Vendors', {
      query: { filterByFormula: "{Status} != 'Archived'", pageSize: 100, offset },
    });
    records.push(...page.records);
    offset = page.offset;
  } while (offset);
  const kept = records
    .filter((r) => r.fields.Status !== 'Archived')
    .sort((a, b) => (a.fields['Vendor Name'] < b.fields['Vendor Name'] ? -1 : 1));
  const values = kept.map((r) => [
    r.fields['Vendor Name'] ?? '',
    r.fields['Contact Email'] ?? '',
    r.fields.Country ?? '',
    r.fields['Annual Spend'] ?? '',
    r.fields.Status ?? '',
  ]);
  await ctx.destination.post(
    '/v4/spreadsheets/1VendorDirectorySheetXyZ/values/Directory!A:E:append',
    {
      query: { valueInputOption: 'RAW' },
      json: { values },
    },
  );
  return { rows: values.length };
}
