import type { TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// A container the prompt names by name is looked up, asked for in the list's query, and checked
// again on each record: an API version without that filter answers with every container's
// records (Pipedrive's v1 deals list has no pipeline filter).

useSandbox();

/** Pipedrive as a version whose deals list ignores `pipeline_id` (the mock filters only on fields it describes). */
function withoutPipelineFilter(): TApiDescription {
  const pipedrive = entry('pipedrive');
  return {
    ...pipedrive,
    resources: pipedrive.resources.map((r) => {
      if (r.name !== 'deal') return r;
      const { pipeline_id: _kept, ...properties } = r.schema.properties ?? {};
      return { ...r, schema: { ...r.schema, properties } };
    }),
  };
}

describe('a container chosen by name', () => {
  it('keeps only its own records, when the list answers with every container’s', async () => {
    const deal = (id: number, pipeline: number) => ({
      id,
      title: `Deal ${id}`,
      value: 100,
      currency: 'EUR',
      status: 'won',
      pipeline_id: pipeline,
      add_time: '2025-05-01T00:00:00Z',
      update_time: '2025-05-01T00:00:00Z',
    });
    const pipedrive = await mock(withoutPipelineFilter(), {
      pipeline: [
        { id: 7, name: 'Channel' },
        { id: 9, name: 'Channel partners' },
      ],
      deal: [deal(1, 7), deal(2, 9), deal(3, 7)],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'Tell Slack #partners about each won Pipedrive deal in the pipeline named "Channel".',
      pipedrive,
      slack,
    );
    expectSuccess(await run(generated.code, pipedrive, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toMatch(/Deal 1[\s\S]*Deal 3/);
    expect(texts.join('\n')).not.toContain('Deal 2');
  });
});
