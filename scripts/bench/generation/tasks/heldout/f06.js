// Reference solution for f06: Harvest time entries of 16–22 Nov 2026 (not running, not the
// internal client) → rows appended to the "Entries" tab, skipping ids already in column I.
export default async function run(ctx) {
  const sheetId = '1hT7wEeKlyTandemStudio2026_xYzQ';
  const headers = {
    'Harvest-Account-Id': '1190874',
    'User-Agent': 'Tandem timesheet export (ops@tandem.studio)',
  };
  const entries = [];
  for (let page = 1; page;) {
    const res = await ctx.source.get('/time_entries', {
      headers,
      query: { from: '2026-11-16', to: '2026-11-22', per_page: 2000, page },
    });
    entries.push(...res.time_entries);
    page = res.next_page;
  }

  const existing = await ctx.destination.get(`/spreadsheets/${sheetId}/values/Entries!I:I`, {
    query: { valueRenderOption: 'UNFORMATTED_VALUE' },
  });
  const seen = new Set((existing.values ?? []).map((row) => String(row[0] ?? '')));

  const rows = entries
    .filter((e) => !e.is_running)
    .filter((e) => e.client?.name !== 'Tandem Studio (internal)')
    .filter((e) => e.spent_date >= '2026-11-16' && e.spent_date <= '2026-11-22')
    .filter((e) => !seen.has(String(e.id)))
    .sort((a, b) =>
      a.spent_date === b.spent_date
        ? a.user.name.localeCompare(b.user.name)
        : a.spent_date < b.spent_date
          ? -1
          : 1,
    )
    .map((e) => [
      e.spent_date,
      e.user.name,
      e.client.name,
      e.project.name,
      e.task.name,
      e.rounded_hours,
      e.billable ? 'Yes' : 'No',
      e.notes ?? '',
      e.id,
    ]);
  if (rows.length === 0) return { appended: 0 };
  await ctx.destination.post(`/spreadsheets/${sheetId}/values/Entries!A1:append`, {
    query: { valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' },
    json: { values: rows },
  });
  return { appended: rows.length };
}
