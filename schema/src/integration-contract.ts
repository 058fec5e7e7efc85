import { z } from 'zod';
import { ZCallWarning } from './api-description.ts';
import { ZCreateIntegrationRequest, ZSchedule } from './integrations.ts';
import { ZTriggerType } from './triggers.ts';

export const GENERATORS = ['openai', 'template'] as const;
export const ZGenerator = z.enum(GENERATORS);
export type TGenerator = z.infer<typeof ZGenerator>;

/** Spec §7 `POST /api/integrations/generate`: the prompt and the connections, never a credential. */
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
   * The user's integration these connections belong to (issue 15 §6): when both have
   * credentials, the generated code is proven by a dry run against them before it is answered.
   */
  integrationId: z.string().min(1).max(100).optional(),
});
export type TGenerateRequest = z.infer<typeof ZGenerateRequest>;

/** One described operation generated code calls (issue 15 §1): which side, its id, method, path. */
export const ZOperationCall = z.object({
  side: z.enum(['source', 'destination']),
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
});
export type TOperationCall = z.infer<typeof ZOperationCall>;

/**
 * Issue 15 §6: generation ends with a dry run of the code when the integration's connections
 * have credentials. `summary` is the dry run's ("dry run: read 12 leads from Salesforce; would
 * create 12 Notion pages; 0 schema errors"); `reason` says why it failed or was skipped;
 * `repaired` says the code shown is the generator's second attempt, after a failed dry run.
 */
export const ZVerification = z.object({
  /**
   * unverified: the run succeeded but proves nothing the prompt asked for (it read records and
   * would write none), so the code is not shown as verified.
   */
  status: z.enum(['passed', 'failed', 'skipped', 'unverified']),
  summary: z.string(),
  reason: z.string().optional(),
  repaired: z.boolean().optional(),
});
export type TVerification = z.infer<typeof ZVerification>;

export const ZGenerateResponse = z.object({
  code: z.string(),
  /** Which generator wrote the code; the console labels template code as such. */
  generator: ZGenerator,
  /** The model that answered, when an AI model wrote the code. */
  model: z.string().optional(),
  /** A schedule read from the prompt ('every 15 minutes'), when it names one. */
  schedule: ZSchedule.optional(),
  /** Issue 16: 'webhook' when the prompt describes an event ("when a customer cancels …"). */
  trigger: ZTriggerType.optional(),
  /** What the generator did not understand or could not ground in the descriptions (issue 15). */
  unresolved: z.array(z.string()).default([]),
  /** The described operations the code calls, for the review page (issue 15). */
  operations: z.array(ZOperationCall).default([]),
  /** The static check of the code against the descriptions (issue 15 §4). */
  warnings: z.array(ZCallWarning).default([]),
  /** What the dry run of the code proved (issue 15 §6); absent from older answers. */
  verification: ZVerification.optional(),
});
export type TGenerateResponse = z.infer<typeof ZGenerateResponse>;
