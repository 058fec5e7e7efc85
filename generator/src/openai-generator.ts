import { checkCalls } from '@patchbay/catalog/check-calls';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { checkSyntax, describeSyntaxError } from '@patchbay/runtime/check-syntax';
import { describeOperationsForPrompt } from './compact-operations.ts';
import { extractCode } from './extract-code.ts';
import {
  GenerationError,
  type GenerateOptions,
  type GenerationResult,
  type Generator,
} from './generator.ts';
import {
  buildDryRunRepairPrompt,
  buildRepairPrompt,
  buildUserPrompt,
  SYSTEM_PROMPT,
} from './prompt.ts';
import {
  buildPlanDryRunRepairPrompt,
  buildPlanRepairPrompt,
  buildPlanSystemPrompt,
  buildPlanUserPrompt,
} from './plan-prompt.ts';
import { PLAN_RESPONSE_FORMAT } from './plan-response-format.ts';
import { readModelPlan } from './read-model-plan.ts';
import { readWebhookTrigger } from './webhook-trigger.ts';
import { readingSchedule, readSchedule } from './reader/read-schedule.ts';

// The LLM generator (ADR 013): any OpenAI-compatible chat-completions server (OpenAI,
// Ollama, vLLM). With both sides described, the model writes a plan through structured output
// and the compiler writes the code (ADR 035), with one repair round for a plan that does not
// compile. Otherwise, or when that fails, the model writes the code: one request, then at most
// one repair round when the code does not parse, and one more when its dry run fails
// (`repair`).
// The SDK never retries (maxRetries: 0): the activity's Temporal retry policy does, guided by
// GenerationError.retryable, so retries are visible in the Temporal Web UI.

export interface OpenAIGeneratorOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseURL: string;
  model: string;
  /** Per request; a repair round makes a second request. */
  timeoutMs: number;
}

/**
 * The SDK, loaded at the first request rather than with this module: it holds ~6 MiB of the
 * worker's heap for the process's whole life, and a worker on the template generator, or one
 * that has not generated yet, never needs it (ADR 039). Set once loaded; an error can only be
 * the SDK's once it is.
 */
let sdk: typeof OpenAI | undefined;

async function loadOpenAI(): Promise<typeof OpenAI> {
  sdk ??= (await import('openai')).default;
  return sdk;
}

export function createOpenAIGenerator(options: OpenAIGeneratorOptions): Generator {
  let client: Promise<OpenAI> | undefined;
  const openClient = (): Promise<OpenAI> =>
    (client ??= loadOpenAI().then(
      (OpenAIClient) =>
        new OpenAIClient({
          apiKey: options.apiKey,
          baseURL: options.baseURL,
          timeout: options.timeoutMs,
          maxRetries: 0,
          // Explicit, so that nothing is picked up from the worker's environment behind our back.
          organization: null,
          project: null,
          adminAPIKey: null,
          webhookSecret: null,
          logLevel: 'off',
        }),
    ));

  async function complete(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal | undefined,
    responseFormat?: ResponseFormatJSONSchema,
  ): Promise<{ content: string; model: string }> {
    let response: OpenAI.ChatCompletion;
    try {
      const openai = await openClient();
      response = await openai.chat.completions.create(
        {
          model: options.model,
          messages,
          ...(responseFormat ? { response_format: responseFormat } : {}),
        },
        signal === undefined ? {} : { signal },
      );
    } catch (error) {
      // Cancelled from outside (the activity was cancelled): not a provider failure.
      if (signal?.aborted) throw signal.reason;
      throw toGenerationError(error, options);
    }
    const choice = response.choices?.[0];
    const message = choice?.message;
    if (message?.refusal || choice?.finish_reason === 'content_filter') {
      throw new GenerationError('The AI provider refused this prompt', {
        code: 'AI_PROMPT_REFUSED',
        retryable: false,
      });
    }
    const content = message?.content ?? '';
    if (content.trim() === '') {
      throw new GenerationError('The AI provider returned an empty answer', {
        code: 'AI_EMPTY_ANSWER',
        retryable: true,
      });
    }
    return { content, model: response.model || options.model };
  }

  /** The conversation's start: the contract and the relevant operations, then the request. */
  function openingMessages(
    input: TGenerateRequest,
    generateOptions: GenerateOptions,
  ): ChatCompletionMessageParam[] {
    // The operations the prompt needs, so the model calls real paths and fields.
    const operations = describeOperationsForPrompt(
      input.userPrompt,
      generateOptions.source,
      generateOptions.destination,
    );
    return [
      {
        role: 'system',
        content: operations ? `${SYSTEM_PROMPT}\n\n${operations}` : SYSTEM_PROMPT,
      },
      {
        role: 'user',
        content: buildUserPrompt(
          input,
          readWebhookTrigger(input.userPrompt, generateOptions.source),
        ),
      },
    ];
  }

  function toResult(
    input: TGenerateRequest,
    generateOptions: GenerateOptions,
    code: string,
    model: string,
  ): GenerationResult {
    const found = checkCalls(code, {
      source: generateOptions.source
        ? { description: generateOptions.source, baseUrl: input.sourceApiUrl }
        : undefined,
      destination: generateOptions.destination
        ? { description: generateOptions.destination, baseUrl: input.destApiUrl }
        : undefined,
    });
    const result: GenerationResult = {
      code,
      generator: 'openai',
      model,
      // The model says what it did not understand in its comments; the static check's
      // warnings are reported separately.
      unresolved: [],
      // A model's code is not compiled from a plan the checklist could be taken from.
      requirements: [],
      operations: found.calls.flatMap((call) =>
        call.operationId
          ? [
              {
                side: call.side,
                operationId: call.operationId,
                method: call.method,
                path: call.path,
              },
            ]
          : [],
      ),
    };
    // An event the source delivers by webhook makes a webhook trigger, not a schedule.
    if (readWebhookTrigger(input.userPrompt, generateOptions.source)) {
      result.trigger = 'webhook';
      return result;
    }
    const schedule = readSchedule(input.userPrompt);
    if (schedule) result.schedule = readingSchedule(schedule);
    return result;
  }

  /** One plan answer; an empty one is a plan to repair, not a provider failure. */
  async function askForPlan(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal | undefined,
  ): Promise<{ content: string; model: string }> {
    try {
      return await complete(messages, signal, PLAN_RESPONSE_FORMAT);
    } catch (error) {
      if (error instanceof GenerationError && error.code === 'AI_EMPTY_ANSWER') {
        return { content: '', model: options.model };
      }
      throw error;
    }
  }

  /** The plan conversation's start: the plan's fields and both sides' operations, the request. */
  function planOpening(
    input: TGenerateRequest,
    descriptions: { source: TApiDescription; destination: TApiDescription },
  ): ChatCompletionMessageParam[] {
    return [
      {
        role: 'system',
        content: buildPlanSystemPrompt(
          input.userPrompt,
          descriptions.source,
          descriptions.destination,
        ),
      },
      { role: 'user', content: buildPlanUserPrompt(input) },
    ];
  }

  /**
   * ADR 035: the model's plan, compiled. Undefined when the server cannot answer in a JSON schema
   * or the plan still fails after one repair round: the caller then asks for code instead.
   */
  async function generateFromPlan(
    messages: ChatCompletionMessageParam[],
    input: TGenerateRequest,
    descriptions: { source: TApiDescription; destination: TApiDescription },
    signal: AbortSignal | undefined,
  ): Promise<GenerationResult | undefined> {
    let answer: { content: string; model: string };
    try {
      answer = await askForPlan(messages, signal);
    } catch (error) {
      if (refusesResponseFormat(error)) return undefined;
      throw error;
    }
    let reading = readModelPlan(answer.content, input, descriptions);
    if (!reading.ok) {
      answer = await askForPlan(
        [
          ...messages,
          { role: 'assistant', content: answer.content },
          { role: 'user', content: buildPlanRepairPrompt(reading.error) },
        ],
        signal,
      );
      reading = readModelPlan(answer.content, input, descriptions);
    }
    if (!reading.ok) return undefined;
    return { ...reading.result, generator: 'openai', model: answer.model };
  }

  return {
    kind: 'openai',
    async generate(input: TGenerateRequest, generateOptions: GenerateOptions = {}) {
      const { source, destination, signal } = generateOptions;
      // A plan has no webhook trigger to say "run on this event", so that code stays free-form.
      if (source && destination && !readWebhookTrigger(input.userPrompt, source)) {
        const described = { source, destination };
        const planned = await generateFromPlan(
          planOpening(input, described),
          input,
          described,
          signal,
        );
        if (planned) return planned;
      }
      const messages = openingMessages(input, generateOptions);
      const first = await complete(messages, generateOptions.signal);
      let code = extractCode(first.content);
      let check = checkSyntax(code);
      let model = first.model;

      if (!check.ok) {
        // One repair round: the model sees its own answer and the parser's complaint.
        const repair = await complete(
          [
            ...messages,
            { role: 'assistant', content: first.content },
            { role: 'user', content: buildRepairPrompt(describeSyntaxError(check)) },
          ],
          generateOptions.signal,
        );
        code = extractCode(repair.content);
        check = checkSyntax(code);
        model = repair.model;
        if (!check.ok) {
          throw new GenerationError(
            `The AI returned code that does not parse: ${check.message} (line ${check.line})`,
            { code: 'AI_INVALID_CODE', retryable: false },
          );
        }
      }
      return toResult(input, generateOptions, code, model);
    },

    // The model sees its code and the dry run's failing transcript (redacted by
    // the sandbox), once.
    async repair(input, failed, generateOptions = {}) {
      const { source, destination, signal } = generateOptions;
      // Code compiled from a plan is repaired by correcting the plan (ADR 035), so the repaired
      // code keeps the compiler's paths and paging and the Plan tab still shows what it runs.
      if (failed.plan && source && destination) {
        const described = { source, destination };
        const repaired = await generateFromPlan(
          [
            ...planOpening(input, described),
            { role: 'assistant', content: JSON.stringify(failed.plan) },
            { role: 'user', content: buildPlanDryRunRepairPrompt(failed.transcript) },
          ],
          input,
          described,
          signal,
        );
        if (repaired) return repaired;
      }
      const answer = await complete(
        [
          ...openingMessages(input, generateOptions),
          { role: 'assistant', content: `\`\`\`javascript\n${failed.code}\n\`\`\`` },
          { role: 'user', content: buildDryRunRepairPrompt(failed.transcript) },
        ],
        generateOptions.signal,
      );
      const code = extractCode(answer.content);
      const check = checkSyntax(code);
      if (!check.ok) {
        throw new GenerationError(
          `The AI's repaired code does not parse: ${check.message} (line ${check.line})`,
          { code: 'AI_INVALID_CODE', retryable: false },
        );
      }
      return toResult(input, generateOptions, code, answer.model);
    },
  };
}

/** Maps the SDK's errors to what the user reads and whether Temporal should retry. */
export function toGenerationError(
  error: unknown,
  options: { baseURL: string; model: string; timeoutMs?: number },
): GenerationError {
  if (error instanceof GenerationError) return error;
  const seconds = (options.timeoutMs ?? 0) / 1000;

  const OpenAIClient = sdk;
  if (OpenAIClient === undefined) return unexpected(error);
  if (error instanceof OpenAIClient.APIConnectionTimeoutError) {
    return new GenerationError(
      seconds > 0
        ? `The AI provider did not answer within ${seconds} s`
        : 'The AI provider did not answer in time',
      { code: 'AI_TIMEOUT', retryable: true, cause: error },
    );
  }
  if (error instanceof OpenAIClient.APIConnectionError) {
    const reason = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new GenerationError(`Could not reach the AI provider at ${options.baseURL}${reason}`, {
      code: 'AI_UNREACHABLE',
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof OpenAIClient.APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = providerMessage(error);
    if (status === 401 || status === 403) {
      // The provider's own message may echo part of the key, so it stays in `cause` only.
      return new GenerationError('The AI provider rejected the API key', {
        code: 'AI_KEY_REJECTED',
        retryable: false,
        cause: error,
      });
    }
    if (isRefusal(error)) {
      return new GenerationError('The AI provider refused this prompt', {
        code: 'AI_PROMPT_REFUSED',
        retryable: false,
        cause: error,
      });
    }
    if (status === 429) {
      if (error.code === 'insufficient_quota') {
        return new GenerationError(
          'The AI provider says the quota for this API key is used up (429 insufficient_quota)',
          { code: 'AI_QUOTA_EXCEEDED', retryable: false, cause: error },
        );
      }
      return new GenerationError(
        'The AI provider is rate limiting requests (429); the request will be retried',
        {
          code: 'AI_RATE_LIMITED',
          retryable: true,
          retryAfterMs: retryAfterMs(error.headers),
          cause: error,
        },
      );
    }
    if (status >= 500 || status === 408 || status === 409) {
      return new GenerationError(
        `The AI provider failed (${status}${detail ? `: ${detail}` : ''}); the request will be retried`,
        {
          code: 'AI_UNAVAILABLE',
          retryable: true,
          retryAfterMs: retryAfterMs(error.headers),
          cause: error,
        },
      );
    }
    if (status === 404) {
      return new GenerationError(
        `The AI provider at ${options.baseURL} does not know the model '${options.model}' ` +
          '(check OPENAI_BASE_URL and OPENAI_MODEL)',
        { code: 'AI_MODEL_NOT_FOUND', retryable: false, cause: error },
      );
    }
    return new GenerationError(
      `The AI provider refused the request (${status}${detail ? `: ${detail}` : ''})`,
      { code: 'AI_BAD_REQUEST', retryable: false, cause: error },
    );
  }
  return unexpected(error);
}

/** Anything else (a bug, an unexpected answer): let Temporal retry, with the real message. */
function unexpected(error: unknown): GenerationError {
  const message = error instanceof Error ? error.message : String(error);
  return new GenerationError(`Code generation failed: ${message}`, {
    code: 'AI_UNAVAILABLE',
    retryable: true,
    cause: error,
  });
}

/**
 * A server without structured output (an older vLLM or Ollama, a proxy) refuses the request and
 * names `response_format` or `json_schema`; asking for code instead still works there.
 */
function refusesResponseFormat(error: unknown): boolean {
  if (!(error instanceof GenerationError) || error.code !== 'AI_BAD_REQUEST') return false;
  const cause = error.cause;
  return (
    sdk !== undefined &&
    cause instanceof sdk.APIError &&
    /response_format|json_schema|structured output/i.test(providerMessage(cause))
  );
}

/** OpenAI answers 400 with code 'content_filter' (or a policy message) when it will not answer. */
function isRefusal(error: InstanceType<typeof OpenAI.APIError>): boolean {
  if (error.status !== 400 && error.status !== 422) return false;
  if (error.code === 'content_filter' || error.code === 'content_policy_violation') return true;
  return /content[ _-]?(filter|policy|management)|safety system|flagged/i.test(
    providerMessage(error),
  );
}

function providerMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
