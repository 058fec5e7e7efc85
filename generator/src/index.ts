// Code generation (ADR 013): the Generator interface, its two implementations and the
// factory that picks one from the environment.
export { createGenerator } from './create-generator.ts';
export {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENAI_TIMEOUT_MS,
  ZGeneratorEnv,
  type GeneratorEnv,
} from './generator-env.ts';
export {
  GenerationError,
  type GenerateOptions,
  type GenerationErrorCode,
  type GenerationResult,
  type Generator,
} from './generator.ts';
export { createOpenAIGenerator, type OpenAIGeneratorOptions } from './openai-generator.ts';
export { createTemplateGenerator, generateTemplateCode } from './template-generator.ts';
export { readSchedule } from './reader/read-schedule.ts';
export { buildUserPrompt } from './prompt.ts';
export { readWebhookTrigger } from './webhook-trigger.ts';
export { resolveDescriptions, type DescriptionChoices } from './resolve-descriptions.ts';
