import { z } from 'zod';
import type { Generator } from './generator.ts';
import { createOpenAIGenerator } from './openai-generator.ts';
import { createTemplateGenerator } from './template-generator.ts';

// DESIGN.md §1, §8: an AI model when OPENAI_API_KEY is set, else the built-in template generator.
// The worker's env schema extends ZGeneratorEnv, so a bad value stops start-up.

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
/**
 * Per request; a repair round makes a second one, so the generateCode activity's 3-minute
 * start-to-close (workflows/src/workflows.ts) must exceed twice this.
 */
export const DEFAULT_OPENAI_TIMEOUT_MS = 60_000;

export const ZGeneratorEnv = z.object({
  /** Unset or empty: the template generator. */
  OPENAI_API_KEY: z.string().trim().optional(),
  /** Any OpenAI-compatible server: OpenAI, Ollama (http://localhost:11434/v1), vLLM. */
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(DEFAULT_OPENAI_BASE_URL),
  OPENAI_MODEL: z.string().trim().min(1).default(DEFAULT_OPENAI_MODEL),
  OPENAI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_OPENAI_TIMEOUT_MS),
});
export type GeneratorEnv = z.input<typeof ZGeneratorEnv>;

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
