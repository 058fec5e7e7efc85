// Reference solution for f01: Typeform "Free marketing audit" responses → HubSpot contacts,
// upserted by email; declined and internal test entries skipped; empty answers left out so that
// existing values stay.
export default async function run(ctx) {
  const formId = 'Vb3nR8sQ';
  const responses = [];
  let before;
  for (;;) {
    const query = { page_size: 200 };
    if (before) query.before = before;
    const page = await ctx.source.get(`/forms/${formId}/responses`, { query });
    responses.push(...page.items);
    if (page.items.length === 0 || responses.length >= page.total_items) break;
    before = page.items[page.items.length - 1].token;
  }

  const answer = (response, ref) => {
    const a = response.answers.find((x) => x.field.ref === ref);
    if (!a) return undefined;
    if (a.type === 'choice') return a.choice.label;
    if (a.type === 'choices') return a.choices.labels;
    return a[a.type];
  };

  const inputs = new Map();
  for (const r of responses.sort((a, b) => a.submitted_at.localeCompare(b.submitted_at))) {
    const email = String(answer(r, 'work_email') ?? '').trim();
    if (!email || email.toLowerCase().endsWith('@lumenreach.io')) continue;
    if (answer(r, 'may_contact') !== true) continue;
    const properties = { email };
    const put = (name, value) => {
      if (value !== undefined && value !== null && value !== '') properties[name] = value;
    };
    put('firstname', answer(r, 'first_name'));
    put('lastname', answer(r, 'last_name'));
    put('company', answer(r, 'company'));
    put('website', answer(r, 'company_website'));
    put('phone', answer(r, 'phone'));
    const services = answer(r, 'help_with');
    if (Array.isArray(services) && services.length)
      properties.services_interested = services.join(';');
    inputs.set(email.toLowerCase(), { idProperty: 'email', id: email, properties });
  }
  const list = [...inputs.values()];
  for (let i = 0; i < list.length; i += 100) {
    await ctx.destination.post('/crm/v3/objects/contacts/batch/upsert', {
      json: { inputs: list.slice(i, i + 100) },
    });
  }
  ctx.log(`upserted ${list.length} contacts`);
}
