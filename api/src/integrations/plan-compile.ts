import { resolveDescription } from '@patchbay/catalog';
import { compilePlan, PlanError } from '@patchbay/generator/compile';
import type { TCompilePlanRequest, TGenerationReport } from '@patchbay/schema';
import {
  storedGenerationReport,
  toIntegration,
  updateIntegrationOfUser,
  type IntegrationRow,
  type Sql,
} from '@patchbay/db';
import { ApiError } from '../errors.ts';
import { notFound } from './integration-store.ts';

// The Plan tab's save (ADR 034): the corrected plan is compiled against the descriptions the
// integration uses, and the code and its checklist become a new version. Compiling happens in
// the API, not the worker: it is pure and fast, and the person is waiting for the dry run.

export async function compileEditedPlan(
  sql: Sql,
  userId: string,
  id: string,
  body: TCompilePlanRequest,
): Promise<IntegrationRow> {
  const result = await updateIntegrationOfUser(sql, userId, id, (before) => {
    const current = toIntegration(before).generationReport;
    if (current && !current.current && !body.replaceHandEdits) {
      throw new ApiError(
        409,
        'HAND_EDITED',
        'The code was edited by hand since its plan last compiled. Compiling the plan replaces those edits; the code as it is now stays restorable in Versions.',
      );
    }
    const source = resolveDescription(
      before.source_description,
      before.source_api_name,
      before.source_api_url,
    ).description;
    const destination = resolveDescription(
      before.dest_description,
      before.dest_api_name,
      before.dest_api_url,
    ).description;
    if (!source || !destination) {
      throw new ApiError(
        409,
        'NO_DESCRIPTION',
        `A plan compiles against both APIs' descriptions, and the ${source ? 'destination' : 'source'} has none: choose one in Edit connection`,
      );
    }
    let compiled: ReturnType<typeof compilePlan>;
    try {
      compiled = compilePlan(
        {
          sourceApiName: before.source_api_name,
          sourceApiUrl: before.source_api_url,
          destApiName: before.dest_api_name,
          destApiUrl: before.dest_api_url,
          userPrompt: before.user_prompt,
        },
        body.plan,
        { source, destination },
        { edited: true },
      );
    } catch (error) {
      if (error instanceof PlanError) throw new ApiError(422, 'PLAN_NOT_COMPILABLE', error.message);
      throw error;
    }
    const report: TGenerationReport = {
      generator: 'template',
      requirements: compiled.requirements,
      plan: compiled.plan,
    };
    return {
      changes: {
        generated_code: compiled.code,
        generation_report: storedGenerationReport(compiled.code, report),
      },
      version: { origin: 'plan', code: compiled.code, generationReport: report },
    };
  });
  if (!result) throw notFound();
  return result.after;
}
