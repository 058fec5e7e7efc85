// The docs page's and the generator prompt's example integration. Its own module, apart from
// ctx-contract.ts's declarations: the docs page shows only this, and a shared chunk with the
// declarations (which the review page's editor needs) put about 2 kB more on it (ADR 026).

/** The smallest complete integration. */
export const CTX_CONTRACT_EXAMPLE = `// Runs on every scheduled tick and on every test.
export default async function run(ctx) {
  const since = (await ctx.state.get('cursor')) ?? 0;
  const page = await ctx.source.get('/v1/customers', { query: { created_gt: since } });
  for (const c of page.data) {
    await ctx.destination.post('/contacts', { json: { email: c.email, name: c.name } });
  }
  await ctx.state.set('cursor', page.data.at(-1)?.created ?? since);
  ctx.log(\`synced \${page.data.length} customers\`);
  return { synced: page.data.length };
}
`;
