import { ApplicationFailure, Context } from '@temporalio/activity';
import type { TGenerateRequest, TGenerateResponse } from '@patchbay/schema';
import type { Generator } from '../generation/generator.ts';
import { GenerationError } from '../generation/generator.ts';
import { checkSyntax } from '../sandbox/check-syntax.ts';

/**
 * The generateCode workflow's activities. A bad key or a refused prompt will not get
 * better by retrying: those become non-retryable failures with the generator's message;
 * 429s, 5xx and timeouts are thrown as they are and retried by the activity's policy.
 */
export function createGenerationActivities(deps: { generator: Generator }) {
  return {
    async generateCode(input: TGenerateRequest): Promise<TGenerateResponse> {
      try {
        // A cancelled activity aborts the model request instead of waiting it out.
        const result = await deps.generator.generate(input, {
          signal: Context.current().cancellationSignal,
        });
        return {
          code: result.code,
          generator: result.generator,
          ...(result.model ? { model: result.model } : {}),
          ...(result.schedule ? { schedule: result.schedule } : {}),
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
    async validateCode(code: string): Promise<void> {
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
