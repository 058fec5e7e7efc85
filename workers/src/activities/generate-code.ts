import { ApplicationFailure, Context } from '@temporalio/activity';
import { checkCalls } from '@patchbay/catalog/check-calls';
import {
  ZGenerateRequest,
  ZRepairCodeInput,
  ZValidateCodeInput,
  type TApiDescription,
  type TGenerateRequest,
  type TGenerateResponse,
  type TGenerationFailureType,
  type TRepairCodeInput,
} from '@patchbay/schema';
import { parsePayload } from '@patchbay/workflows';
import {
  GenerationError,
  resolveDescriptions,
  type DescriptionChoices,
  type GenerationResult,
  type Generator,
} from '@patchbay/generator';
import { checkSyntax } from '@patchbay/runtime/check-syntax';

/**
 * The generateCode workflow's activities. A bad key or a refused prompt will not get
 * better by retrying: those become non-retryable failures with the generator's message;
 * 429s, 5xx and timeouts are thrown as they are and retried by the activity's policy.
 */
export function createGenerationActivities(deps: { generator: Generator }) {
  return {
    async generateCode(payload: TGenerateRequest): Promise<TGenerateResponse> {
      const input = parsePayload(ZGenerateRequest, payload, 'generateCode');
      // Each side's description (the integration's choice when the payload
      // carries one, else the catalog match); the generator takes only what the prompt needs.
      const descriptions = resolveDescriptions(input, payload as DescriptionChoices);
      try {
        // A cancelled activity aborts the model request instead of waiting it out.
        const result = await deps.generator.generate(input, {
          signal: Context.current().cancellationSignal,
          ...descriptions,
        });
        return toResponse(input, result, descriptions);
      } catch (error) {
        throw toActivityFailure(error);
      }
    },
    /**
     * The generator's one more attempt after the code's dry run failed (ADR 017); null when
     * it has none to make (the built-in generator offers no alternatives).
     */
    async repairCode(payload: TRepairCodeInput): Promise<TGenerateResponse | null> {
      const input = parsePayload(ZRepairCodeInput, payload, 'repairCode');
      if (!deps.generator.repair) return null;
      const descriptions = resolveDescriptions(input.request);
      try {
        const result = await deps.generator.repair(
          input.request,
          {
            code: input.code,
            transcript: input.transcript,
            ...(input.plan ? { plan: input.plan } : {}),
          },
          { signal: Context.current().cancellationSignal, ...descriptions },
        );
        return toResponse(input.request, result, descriptions);
      } catch (error) {
        throw toActivityFailure(error);
      }
    },
    async validateCode(payload: string): Promise<void> {
      const code = parsePayload(ZValidateCodeInput, payload, 'validateCode');
      const checked = checkSyntax(code);
      if (!checked.ok) {
        throw ApplicationFailure.nonRetryable(
          `The generated code does not parse: ${checked.message} (line ${checked.line}, column ${checked.column})`,
          'InvalidCode' satisfies TGenerationFailureType,
        );
      }
    },
  };
}

function toResponse(
  input: TGenerateRequest,
  result: GenerationResult,
  descriptions: { source: TApiDescription | undefined; destination: TApiDescription | undefined },
): TGenerateResponse {
  return {
    code: result.code,
    generator: result.generator,
    ...(result.model ? { model: result.model } : {}),
    ...(result.schedule ? { schedule: result.schedule } : {}),
    ...(result.trigger ? { trigger: result.trigger } : {}),
    unresolved: result.unresolved,
    requirements: result.requirements,
    operations: result.operations,
    ...(result.plan ? { plan: result.plan } : {}),
    // The static check's findings travel with the code, as on save.
    warnings: checkCalls(result.code, {
      source: descriptions.source
        ? { description: descriptions.source, baseUrl: input.sourceApiUrl }
        : undefined,
      destination: descriptions.destination
        ? { description: descriptions.destination, baseUrl: input.destApiUrl }
        : undefined,
    }).warnings,
  };
}

function toActivityFailure(error: unknown): unknown {
  if (!(error instanceof GenerationError)) return error;
  return ApplicationFailure.create({
    message: error.message,
    type: error.code,
    nonRetryable: !error.retryable,
    // The provider's Retry-After, when it sent one, instead of the policy's backoff.
    ...(error.retryAfterMs ? { nextRetryDelay: error.retryAfterMs } : {}),
  });
}
