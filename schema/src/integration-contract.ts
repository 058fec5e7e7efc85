import { z } from 'zod';
import { ZCallWarning } from './api-description.ts';
import { ZCreateIntegrationRequest } from './integrations.ts';
import { ZSchedule } from './schedule.ts';
import { ZGenerationPlan } from './generation-plan.ts';
import { ZGenerator, ZRequirement, ZVerification } from './generation-report.ts';
import { ZTriggerType } from './triggers.ts';

/** `POST /api/integrations/generate`: the prompt and the connections, never a credential. */
export const ZGenerateRequest = ZCreateIntegrationRequest.pick({
  sourceApiName: true,
  sourceApiUrl: true,
  sourceAuthType: true,
  destApiName: true,
  destApiUrl: true,
  destAuthType: true,
  userPrompt: true,
  sourceDescription: true,
  destDescription: true,
}).extend({
  /**
   * The user's integration these connections belong to (ADR 017): when both have
   * credentials, the generated code is proven by a dry run against them before it is answered.
   */
  integrationId: z.string().min(1).max(100).optional(),
});
export type TGenerateRequest = z.infer<typeof ZGenerateRequest>;

/** One described operation generated code calls (ADR 015): which side, its id, method, path. */
export const ZOperationCall = z.object({
  side: z.enum(['source', 'destination']),
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
});
export type TOperationCall = z.infer<typeof ZOperationCall>;

export const ZGenerateResponse = z.object({
  code: z.string(),
  /** Which generator wrote the code; the console labels template code as such. */
  generator: ZGenerator,
  /** The model that answered, when an AI model wrote the code. */
  model: z.string().optional(),
  /** A schedule read from the prompt ('every 15 minutes'), when it names one. */
  schedule: ZSchedule.optional(),
  /** 'webhook' when the prompt describes an event ("when a customer cancels …"). */
  trigger: ZTriggerType.optional(),
  /** The requirements marked missing, as one line each (older clients read this list). */
  unresolved: z.array(z.string()).default([]),
  /** The prompt split into requirements, each done, assumed or missing (generation-report.ts). */
  requirements: z.array(ZRequirement).default([]),
  /** The described operations the code calls, for the review page. */
  operations: z.array(ZOperationCall).default([]),
  /** The static check of the code against the descriptions. */
  warnings: z.array(ZCallWarning).default([]),
  /** What the dry run of the code proved (ADR 017); absent from older answers. */
  verification: ZVerification.optional(),
  /** The plan the code was compiled from (generation-plan.ts), when one describes it. */
  plan: ZGenerationPlan.optional(),
});
export type TGenerateResponse = z.infer<typeof ZGenerateResponse>;

/**
 * The Plan tab's save: the plan as the person corrected it. The code is compiled from it and
 * saved as a new version ("edited plan"). Code edited by hand since its plan last compiled is
 * only replaced when `replaceHandEdits` says the person agreed; the old version stays
 * restorable either way.
 */
export const ZCompilePlanRequest = z.strictObject({
  plan: ZGenerationPlan,
  replaceHandEdits: z.boolean().default(false),
});
export type TCompilePlanRequest = z.infer<typeof ZCompilePlanRequest>;
