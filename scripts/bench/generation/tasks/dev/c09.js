// Reference solution for c09: Typeform registrations -> enrolments in the course-enrollment API.
export default async function run(ctx) {
  const codes = {
    'Intro to Data Analysis': 'DA-101',
    'Python for Analysts': 'PY-201',
    'SQL Fundamentals': 'SQL-110',
  };
  const responses = [];
  let before;
  for (;;) {
    const page = await ctx.source.get('/forms/Rg5KpQ2w/responses', {
      query: { page_size: 1000, before },
    });
    responses.push(...page.items);
    if (page.items.length === 0 || responses.length >= page.total_items) break;
    before = page.items[page.items.length - 1].token;
  }
  const answer = (r, ref) => {
    const a = r.answers.find((x) => x.field.ref === ref);
    if (!a) return undefined;
    return a.type === 'choice' ? a.choice.label : a[a.type];
  };
  for (const r of responses) {
    const code = codes[answer(r, 'course_choice')];
    if (!code) continue;
    try {
      await ctx.destination.post('/enrolments', {
        json: {
          course_code: code,
          learner: {
            email: answer(r, 'email'),
            first_name: answer(r, 'first_name'),
            last_name: answer(r, 'last_name'),
          },
          source: 'integration',
          cohort: '2027-spring',
        },
      });
    } catch (error) {
      if (error.status !== 409) throw error;
    }
  }
}
