import { z } from 'zod';
import { ZGenerationPlan } from './generation-plan.ts';

// What generation says about the code it wrote: the prompt split into requirements, each marked
// done (with the code lines that do it), assumed (with the assumption) or missing (with what is
// needed), and what the dry run proved. It is kept with the code version it describes, so the
// review page and the Versions panel show it in any later session (docs/ARCHITECTURE.md,
// "Generation").

export const GENERATORS = ['openai', 'template'] as const;
export const ZGenerator = z.enum(GENERATORS);
export type TGenerator = z.infer<typeof ZGenerator>;

/**
 * Generation ends with a dry run of the code when the integration's connections have
 * credentials. `summary` is the dry run's ("dry run: read 12 leads from Salesforce; would
 * create 12 Notion pages; 0 schema errors"); `reason` says why it failed, was skipped or proves
 * nothing; `repaired` says the code shown is the generator's second attempt.
 */
export const ZVerification = z.object({
  /**
   * unverified: the run succeeded but proves nothing the prompt asked for (it read records and
   * would write none), so the code is not shown as verified.
   */
  status: z.enum(['passed', 'failed', 'skipped', 'unverified']),
  summary: z.string().max(2000),
  reason: z.string().max(2000).optional(),
  repaired: z.boolean().optional(),
  /**
   * The failed dry run's error, so the console can lead with the same plain sentence a failed
   * test gets (what failed, whose side, what next) and keep `summary` and `reason` in details.
   */
  error: z
    .object({
      name: z.string().max(200),
      message: z.string().max(2000),
      line: z.number().int().positive().optional(),
      status: z.number().int().optional(),
    })
    .optional(),
  /** How many of the dry run's requests got an answer: 0 means none got through. */
  requestsAnswered: z.number().int().nonnegative().optional(),
});
export type TVerification = z.infer<typeof ZVerification>;

/** What a prompt can ask for, in the order the checklist lists them. */
export const REQUIREMENT_KINDS = [
  'read',
  'filter',
  'lookup',
  'write',
  'field',
  'dedupe',
  'incremental',
  'schedule',
  'trigger',
  'format',
  'other',
] as const;
export const ZRequirementKind = z.enum(REQUIREMENT_KINDS);
export type TRequirementKind = z.infer<typeof ZRequirementKind>;

export const REQUIREMENT_STATUSES = ['done', 'assumed', 'missing'] as const;
export const ZRequirementStatus = z.enum(REQUIREMENT_STATUSES);
export type TRequirementStatus = z.infer<typeof ZRequirementStatus>;

export const ZRequirement = z.object({
  kind: ZRequirementKind,
  /** The requirement in a short sentence: "Only orders whose status is shipped". */
  text: z.string().min(1).max(500),
  status: ZRequirementStatus,
  /** done: how the code does it; assumed: the assumption; missing: what is needed. */
  detail: z.string().max(1000).optional(),
  /** done: the 1-based code lines that do it. */
  lines: z.array(z.number().int().positive()).max(50).default([]),
});
export type TRequirement = z.infer<typeof ZRequirement>;

/** What the console saves with generated code, and the API keeps with its version. */
export const ZGenerationReport = z.strictObject({
  generator: ZGenerator,
  model: z.string().max(200).optional(),
  requirements: z.array(ZRequirement).max(200),
  verification: ZVerification.optional(),
  /** The plan the code was compiled from, when one describes it; the Plan tab edits it. */
  plan: ZGenerationPlan.optional(),
});
export type TGenerationReport = z.infer<typeof ZGenerationReport>;

/**
 * The report as the API answers it for an integration: `current` is false once the code was
 * changed by hand after generation, so the checklist no longer describes it.
 */
export const ZIntegrationGenerationReport = ZGenerationReport.extend({ current: z.boolean() });
export type TIntegrationGenerationReport = z.infer<typeof ZIntegrationGenerationReport>;

/** The counts a headline shows, taken from the list itself so the two always agree. */
export function requirementCounts(
  requirements: readonly Pick<TRequirement, 'status'>[],
): Record<TRequirementStatus, number> {
  const counts: Record<TRequirementStatus, number> = { done: 0, assumed: 0, missing: 0 };
  for (const requirement of requirements) counts[requirement.status] += 1;
  return counts;
}
