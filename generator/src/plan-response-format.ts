import { ZGenerationPlan } from '@patchbay/schema';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';

// What the model is asked to answer with when it writes a plan (ADR 035): the plan's own JSON
// schema, derived from the zod schema the compiler and the Plan tab read, so the three cannot
// drift apart. Not strict: OpenAI's strict mode refuses open-keyed maps (path parameters, query,
// headers), `oneOf` and free-form values, all of which the plan uses, so zod checks the answer
// instead and one repair round follows a refusal.

export const PLAN_FORMAT_NAME = 'generation_plan';

function planJsonSchema(): Record<string, unknown> {
  // `$schema` names the draft for validators; a chat-completions server has no use for it.
  const { $schema: _draft, ...schema } = ZGenerationPlan.toJSONSchema();
  return schema;
}

export const PLAN_RESPONSE_FORMAT: ResponseFormatJSONSchema = {
  type: 'json_schema',
  json_schema: {
    name: PLAN_FORMAT_NAME,
    description:
      'How the integration reads, filters, maps and writes records, naming operations of the two API descriptions.',
    schema: planJsonSchema(),
    strict: false,
  },
};
