// Reference solution of a07: the open cards of the open "Ready for dev" list of board Xq7LmN2p
// become GitHub issues in acme/website, labels from the cards' named labels.
export default async function run(ctx) {
  const lists = await ctx.source.get('/boards/Xq7LmN2p/lists'); // open lists only by default
  const list = lists.find((l) => l.name === 'Ready for dev' && !l.closed);
  if (!list) throw new ctx.NonRetryableError('No open list named "Ready for dev" on the board');
  const cards = await ctx.source.get(`/lists/${list.id}/cards`); // open cards only by default
  let created = 0;
  for (const card of cards) {
    if (card.closed) continue;
    const body = card.desc ? `${card.desc}\n\n${card.shortUrl}` : card.shortUrl;
    await ctx.destination.post('/repos/acme/website/issues', {
      json: {
        title: card.name,
        body,
        labels: card.labels.map((l) => l.name).filter((name) => name),
      },
    });
    created += 1;
  }
  return { created };
}
