import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  ZGenerateRequest,
  ZValidateCodeInput,
  type TGenerateRequest,
  type TGenerateResponse,
} from '@patchbay/schema';
import { parsePayload } from '@patchbay/workflows';
import type { Generator } from '../generation/generator.ts';
import { GenerationError } from '../generation/generator.ts';
import {
  resolveDescriptions,
  type DescriptionChoices,
} from '../generation/resolve-descriptions.ts';
import { checkSyntax } from '../sandbox/check-syntax.ts';

/**
 * The generateCode workflow's activities. A bad key or a refused prompt will not get
 * better by retrying: those become non-retryable failures with the generator's message;
 * 429s, 5xx and timeouts are thrown as they are and retried by the activity's policy.
 */
export function createGenerationActivities(deps: { generator: Generator }) {
  return {
    async generateCode(payload: TGenerateRequest): Promise<TGenerateResponse> {
      const input = parsePayload(ZGenerateRequest, payload, 'generateCode');
      // Issue 15 §1: each side's description (the integration's choice when the payload
      // carries one, else the catalog match); the generator takes only what the prompt needs.
      const descriptions = resolveDescriptions(input, payload as DescriptionChoices);
      try {
        // A cancelled activity aborts the model request instead of waiting it out.
        const result = await deps.generator.generate(input, {
          signal: Context.current().cancellationSignal,
          ...descriptions,
        });
        return {
          code: result.code,
          generator: result.generator,
          ...(result.model ? { model: result.model } : {}),
          ...(result.schedule ? { schedule: result.schedule } : {}),
          unresolved: result.unresolved,
          operations: result.operations,
        };
      } catch (error) {
        if (!(error instanceof GenerationError)) throw error;
        throw ApplicationFailure.create({
          message: error.message,
          type: error.code,
          nonRetryable: !error.retryable,
          // The provider's Retry-After, when it sent one, instead of the policy's backoff.
          ...(error.retryAfterMs ? { nextRetryDelay: error.retryAfterMs } : {}),
        });
      }
    },
    async validateCode(payload: string): Promise<void> {
      const code = parsePayload(ZValidateCodeInput, payload, 'validateCode');
      const checked = checkSyntax(code);
      if (!checked.ok) {
        throw ApplicationFailure.nonRetryable(
          `The generated code does not parse: ${checked.message} (line ${checked.line}, column ${checked.column})`,
          'InvalidCode',
        );
      }
    },
  };
}
