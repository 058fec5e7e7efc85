import { z } from 'zod';

// The generator's settings, apart from the generators themselves: the worker's env schema
// (workers/src/env.ts) extends this, and scripts/start.ts checks that schema before it starts
// anything, so importing it must not load the OpenAI SDK and the catalog (about 40 MiB that the
// launcher would keep for its whole life).

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
