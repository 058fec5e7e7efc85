import { ZGeneratorEnv, type GeneratorEnv } from './generator-env.ts';
import type { Generator } from './generator.ts';
import { createOpenAIGenerator } from './openai-generator.ts';
import { createTemplateGenerator } from './template-generator.ts';

// ADR 013: an AI model when OPENAI_API_KEY is set, else the built-in template generator.

export function createGenerator(env: GeneratorEnv): Generator {
  // Empty strings count as unset, as everywhere in our env parsing (.env lines like `OPENAI_MODEL=`).
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const config = ZGeneratorEnv.parse(given);
  if (!config.OPENAI_API_KEY) return createTemplateGenerator();
  return createOpenAIGenerator({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
  });
}
