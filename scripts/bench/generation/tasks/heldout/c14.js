// Reference solution for c14: course completions newer than the last posted one -> Discord, oldest first.
export default async function run(ctx) {
  const hook =
    '/webhooks/1306655443322110099/Mq3Wn7Xb1Rc5Tv9Yz2Lp6Kd0Hf4Gs8Ja3Ue7Io1Py5At9Sx2Dv6Bn0Cm4Lk8Jh';
  const last = await ctx.state.get('newestCompletedAt');
  const after = last ?? '2026-10-31T23:59:59.999Z';
  const completions = [];
  let cursor;
  do {
    const page = await ctx.source.get('/completions', {
      query: { completed_after: after, limit: 5, cursor },
    });
    completions.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  completions.sort((a, b) => a.completed_at.localeCompare(b.completed_at));
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  let newest = last;
  for (const c of completions) {
    const d = new Date(c.completed_at);
    const date = `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    let content = `🎓 ${c.learner_name} completed ${c.course_title} on ${date}`;
    if (c.score !== null && c.score !== undefined) content += ` (score ${c.score})`;
    await ctx.destination.post(hook, { json: { content } });
    newest = c.completed_at;
  }
  if (newest) await ctx.state.set('newestCompletedAt', newest);
}
