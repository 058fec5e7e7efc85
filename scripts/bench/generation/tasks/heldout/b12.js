// Reference solution for b12: unsubscribed Mailchimp members → HubSpot newsletter_status, by email.
export default async function run(ctx) {
  const emails = [];
  let offset = 0;
  for (;;) {
    const res = await ctx.source.get('/lists/4d2a9c71e0/members', {
      query: {
        status: 'unsubscribed',
        count: 1000,
        offset,
        fields: 'members.email_address,members.status,total_items',
      },
    });
    emails.push(
      ...res.members.filter((m) => m.status === 'unsubscribed').map((m) => m.email_address),
    );
    offset += res.members.length;
    if (res.members.length === 0 || offset >= res.total_items) break;
  }
  for (const email of emails) {
    try {
      await ctx.destination.patch(`/crm/v3/objects/contacts/${encodeURIComponent(email)}`, {
        query: { idProperty: 'email' },
        json: { properties: { newsletter_status: 'unsubscribed' } },
      });
    } catch (error) {
      if (error.status !== 404) throw error;
      ctx.log(`${email} is not in HubSpot, skipped`);
    }
  }
}
