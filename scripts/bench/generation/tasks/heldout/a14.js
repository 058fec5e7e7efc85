// Reference solution of a14: rows of the Requests tab become cards in the "To do" list, except
// empty rows and rows whose Done column says yes (any case).
export default async function run(ctx) {
  const sheet = await ctx.source.get('/spreadsheets/1OfficeRequestsSheet9zQ/values/Requests!A1:E');
  const [, ...rows] = sheet.values ?? [];

  const lists = await ctx.destination.get('/boards/Rq4Bn8Tz/lists');
  const list = lists.find((l) => l.name === 'To do');
  if (!list) throw new ctx.NonRetryableError('No list "To do" on the board');
  const labels = await ctx.destination.get('/boards/Rq4Bn8Tz/labels');
  const urgent = labels.find((l) => l.name === 'Urgent');

  let created = 0;
  for (const row of rows) {
    if (!row || row.every((cell) => String(cell ?? '').trim() === '')) continue;
    const [request, by, due, priority, done] = row;
    if (
      String(done ?? '')
        .trim()
        .toLowerCase() === 'yes'
    )
      continue;
    const card = {
      idList: list.id,
      name: request,
      desc: `Requested by ${by}`,
    };
    if (due) card.due = due;
    if (
      String(priority ?? '')
        .trim()
        .toLowerCase() === 'high' &&
      urgent
    )
      card.idLabels = urgent.id;
    await ctx.destination.post('/cards', { json: card });
    created += 1;
  }
  return { created };
}
