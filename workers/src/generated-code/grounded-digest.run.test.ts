import { importOpenApi } from '@patchbay/catalog';
import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// Digests in the sandbox: lines the prompt shapes with field words and a date pattern, ordered by a
// date and, where two records share it, by a name (word-patterns.ts, plan-order.ts); and what a
// run with nothing to list sends (empty-digest.ts).

useSandbox();

async function rotaKeeper() {
  const volunteer = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      given_name: { type: 'string' },
      family_name: { type: 'string' },
      venue: { type: 'string' },
      rota_start: { type: 'string', format: 'date', description: 'First shift of the block.' },
      level: { type: 'string', enum: ['lead', 'helper', 'trainee'] },
    },
  };
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Rota Keeper', version: '1' },
    servers: [{ url: 'https://rota.example.test/api' }],
    paths: {
      '/volunteers': {
        get: {
          operationId: 'listVolunteers',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'array', items: volunteer } } },
            },
          },
        },
      },
    },
  };
  return (await importOpenApi(doc)).description;
}

describe('a shaped digest, in the generated code', () => {
  it('writes one line per record in the shape and order asked', async () => {
    const person = (id: number, given: string, family: string, venue: string, start: string) => ({
      id,
      given_name: given,
      family_name: family,
      venue,
      rota_start: start,
    });
    const rota = await mock(await rotaKeeper(), {
      volunteer: [
        person(1, 'Ada', 'Okafor', 'Harbour Hall', '2026-03-02'),
        person(2, 'Bo', 'lindqvist', 'Mill Yard', '2026-02-27'),
        person(3, 'Cy', 'Abbott', 'Mill Yard', '2026-03-02'),
        person(4, 'Di', 'Zeller', 'Harbour Hall', '2026-02-27'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'One Slack message to #rota with all volunteers, a row each, shaped as: Familyname, Givenname / Venue / first shift DD.MM.YYYY. Sort by first shift; for the same day, by family name.',
      rota,
      slack,
    );
    expectSuccess(await run(generated.code, rota, slack));
    const texts = slack.written().map((m) => String(m.text));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.split('\n')).toEqual([
      'lindqvist, Bo / Mill Yard / first shift 27.02.2026',
      'Zeller, Di / Harbour Hall / first shift 27.02.2026',
      'Abbott, Cy / Mill Yard / first shift 02.03.2026',
      'Okafor, Ada / Harbour Hall / first shift 02.03.2026',
    ]);
  });

  it('says what the prompt asked for on a run with nothing to list, and only then', async () => {
    const prompt =
      'A single Slack message to #rota listing the volunteers whose first shift is in April 2026. If there are no volunteers then, post "Nobody starts in April".';
    const empty = await mock(await rotaKeeper(), {
      volunteer: [
        {
          id: 1,
          given_name: 'Ada',
          family_name: 'Okafor',
          venue: 'Mill Yard',
          rota_start: '2026-05-04',
        },
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(prompt, empty, slack);
    expectSuccess(await run(generated.code, empty, slack));
    expect(slack.written().map((m) => m.text)).toEqual(['Nobody starts in April']);

    const some = await mock(await rotaKeeper(), {
      volunteer: [
        {
          id: 2,
          given_name: 'Bo',
          family_name: 'Lind',
          venue: 'Mill Yard',
          rota_start: '2026-04-06',
        },
      ],
    });
    const other = await mock(entry('slack'));
    expectSuccess(await run(generate(prompt, some, other).code, some, other));
    const texts = other.written().map((m) => String(m.text));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('volunteer: 2');
    expect(texts[0]).not.toContain('Nobody starts');
  });

  it('orders ties by a field’s choices in their own order, from the end the prompt names', async () => {
    const person = (id: number, family: string, level: string) => ({
      id,
      given_name: 'A',
      family_name: family,
      venue: 'Mill Yard',
      rota_start: '2026-03-02',
      level,
    });
    const rota = await mock(await rotaKeeper(), {
      volunteer: [
        person(1, 'Ames', 'trainee'),
        person(2, 'Byrd', 'lead'),
        person(3, 'Cole', 'helper'),
        person(4, 'Dunn', 'mystery'),
      ],
    });
    const slack = await mock(entry('slack'));
    const generated = generate(
      'A single Slack message to #rota, a row each, shaped as: Familyname - Level. Sort by first shift, then by level, trainee ones first.',
      rota,
      slack,
    );
    expectSuccess(await run(generated.code, rota, slack));
    expect(String(slack.written()[0]?.text).split('\n')).toEqual([
      'Ames - trainee',
      'Cole - helper',
      'Byrd - lead',
      'Dunn - mystery',
    ]);
  });
});
