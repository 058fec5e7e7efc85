// Reference solution for c02: Calendly meetings on 2 Dec 2026 (Berlin) -> Twilio SMS per active invitee.
export default async function run(ctx) {
  const me = (await ctx.source.get('/users/me')).resource;
  // Calendly's URIs are absolute; the part after the user's URI prefix is the API path.
  const origin = me.uri.replace(/\/users\/[^/]+$/, '');
  const pathOf = (url) => url.slice(origin.length);

  // 2 Dec 2026 in Berlin (UTC+1 in winter).
  const events = [];
  let next = null;
  do {
    const page = next
      ? await ctx.source.get(next)
      : await ctx.source.get('/scheduled_events', {
          query: {
            user: me.uri,
            status: 'active',
            min_start_time: '2026-12-01T23:00:00Z',
            max_start_time: '2026-12-02T23:00:00Z',
            count: 100,
          },
        });
    events.push(...page.collection);
    next = page.pagination.next_page ? pathOf(page.pagination.next_page) : null;
  } while (next);

  // Berlin is UTC+1 in December.
  const hhmm = (iso) => {
    const d = new Date(Date.parse(iso) + 3600 * 1000);
    return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  };
  const form = (fields) =>
    Object.entries(fields)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
  const accountSid = 'AC3f9d2c7b1e8a4f60b5c9d0e7a6f1b2c4';

  for (const event of events) {
    const uuid = event.uri.split('/').pop();
    const invitees = [];
    let token = null;
    do {
      const page = await ctx.source.get(`/scheduled_events/${uuid}/invitees`, {
        query: { status: 'active', count: 100, page_token: token },
      });
      invitees.push(...page.collection);
      token = page.pagination.next_page_token;
    } while (token);
    for (const inv of invitees) {
      const answer = (inv.questions_and_answers || []).find(
        (q) => q.question === 'Mobile phone',
      )?.answer;
      const phone = inv.text_reminder_number || answer;
      if (!phone) continue;
      const first = inv.first_name || inv.name.split(' ')[0];
      const body = `Hi ${first}, reminder for "${event.name}" on 2 Dec at ${hhmm(event.start_time)} (Berlin time). See you soon, Studio Nord`;
      await ctx.destination.post(`/Accounts/${accountSid}/Messages.json`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ To: phone, From: '+4915735550100', Body: body }),
      });
    }
  }
}
