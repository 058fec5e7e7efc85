// Reference solution of e02: HubSpot contacts whose lifecycle stage is "customer" become members
// of Mailchimp audience 7c3e91fa20. Lists return lifecyclestage and company only when asked for.
// PUT with status_if_new adds new members as subscribed and leaves an existing member's status.
export default async function run(ctx) {
  const contacts = [];
  let after;
  do {
    const page = await ctx.source.get('/crm/v3/objects/contacts', {
      query: {
        limit: 100,
        after,
        properties: 'email,firstname,lastname,company,lifecyclestage',
      },
    });
    contacts.push(...page.results);
    after = page.paging?.next?.after;
  } while (after);

  let written = 0;
  for (const c of contacts) {
    const p = c.properties;
    if (p.lifecyclestage !== 'customer') continue;
    const email = (p.email ?? '').trim();
    if (!email) continue;
    if (email.toLowerCase().endsWith('@quarrylabs.io')) continue;
    await ctx.destination.put(
      `/lists/7c3e91fa20/members/${encodeURIComponent(email.toLowerCase())}`,
      {
        json: {
          email_address: email,
          status_if_new: 'subscribed',
          merge_fields: {
            FNAME: p.firstname ?? '',
            LNAME: p.lastname ?? '',
            COMPANY: p.company ?? '',
          },
        },
      },
    );
    written += 1;
  }
  return { written };
}
