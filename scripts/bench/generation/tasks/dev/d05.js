// Reference solution for d05.
export default async function run(ctx) {
  const eventId = '812345678901';
  const event = await ctx.source.get(`/events/${eventId}/`);
  const attendees = [];
  let continuation;
  do {
    const page = await ctx.source.get(`/events/${eventId}/attendees/`, {
      query: { status: 'attending', continuation },
    });
    attendees.push(...page.attendees);
    continuation = page.pagination.has_more_items ? page.pagination.continuation : undefined;
  } while (continuation);
  for (const a of attendees) {
    if (!a.checked_in || a.cancelled || a.refunded) continue;
    await ctx.destination.post('/email/withTemplate', {
      json: {
        From: 'hello@dataplumbing.example',
        To: a.profile.email,
        TemplateAlias: 'meetup-thanks',
        TemplateModel: {
          first_name: a.profile.first_name,
          event_name: event.name.text,
          slides_url: 'https://dataplumbing.example/slides/14',
        },
        MessageStream: 'outbound',
      },
    });
  }
}
