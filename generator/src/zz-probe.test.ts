import { resolveDescription } from '@patchbay/catalog';
import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { planGrounded } from './planner/grounded-plan.ts';
import { generateTemplateCode } from './template-generator.ts';
it('probe', () => {
  for (const id of (process.env.TASKS ?? '').split(',')) {
    const t = JSON.parse(readFileSync(`scripts/bench/generation/tasks/dev/${id}.json`, 'utf8'));
    const url = (s: any) => `http://127.0.0.1:9${s.mountPrefix ?? ''}${s.baseUrlPath ?? ''}`;
    const src = resolveDescription(undefined, t.source.apiName, url(t.source)).description;
    const dst = resolveDescription(undefined, t.destination.apiName, url(t.destination)).description;
    const input = { sourceApiName: t.source.apiName, sourceApiUrl: url(t.source), sourceAuthType: 'bearer' as const, destApiName: t.destination.apiName, destApiUrl: url(t.destination), destAuthType: 'bearer' as const, userPrompt: t.prompt };
    if (!src || !dst) { console.log(id, 'undescribed'); continue; }
    const plan = planGrounded(input, src, dst);
    const r = generateTemplateCode(input, { source: src, destination: dst });
    console.log(`== ${id}\nread: ${plan.source?.operation.id} ${JSON.stringify(plan.source?.pathParams)} ${JSON.stringify(plan.source?.query)}\nwrite: ${plan.destination?.operation.id} ${JSON.stringify(plan.destination?.pathParams)}\nfilters: ${JSON.stringify(plan.filters)}\nrules: ${JSON.stringify(plan.destination?.rules.map(r => [r.to, r.from ?? r.value ?? r.how]))}\nblocking: ${plan.blocking.join(' | ')}\nunresolved: ${plan.unresolved.join(' | ')}\nlookups: ${JSON.stringify(plan.lookups.map(l => [l.target, l.name]))}\n` + (process.env.CODE ? r.code : ''));
  }
});
