// Reference solution for c02: Calendly meetings on 2 Dec 2026 (Berlin) -> Twilio SMS per active invitee.
export default async function run(ctx) {
  const me = (await ctx.source.get('/users/me')).resource;
  const pathOf = (url) => { const u = new URL(url); return u.pathname + u.search; };
  const base = new URL(me.uri).pathname.replace(/\/users\/[^/]+$/, '');

  // 2 Dec 2026 in Berlin (UTC+1 in winter).
  const events = [];
  let next = null;
  do {
    const page = next
      ? await ctx.source.get(next.slice(base.length))
      : await ctx.source.get('/scheduled_events', {
          query: { user: me.uri, status: 'active', min_start_time: '2026-12-01T23:00:00Z', max_start_time: '2026-12-02T23:00:00Z', count: 100 },
        });
    events.push(...page.collection);
    next = page.pagination.next_page ? pathOf(page.pagination.next_page) : null;
  } while (next);

  const hhmm = (iso) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  const accountSid = 'AC3f9d2c7b1e8a4f60b5c9d0e7a6f1b2c4';

  for (const event of events) {
    const uuid = event.uri.split('/').pop();
    const invitees = [];
    let token = null;
    do {
      const page = await ctx.source.get(`/scheduled_events/${uuid}/invitees`, { query: { status: 'active', count: 100, page_token: token } });
      invitees.push(...page.collection);
      token = page.pagination.next_page_token;
    } while (token);
    for (const inv of invitees) {
      const answer = (inv.questions_and_answers || []).find((q) => q.question === 'Mobile phone')?.answer;
      const phone = inv.text_reminder_number || answer;
      if (!phone) continue;
      const first = inv.first_name || inv.name.split(' ')[0];
      const body = `Hi ${first}, reminder for "${event.name}" on 2 Dec at ${hhmm(event.start_time)} (Berlin time). See you soon, Studio Nord`;
      await ctx.destination.post(`/Accounts/${accountSid}/Messages.json`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: phone, From: '+4915735550100', Body: body }).toString(),
      });
    }
  }
}
