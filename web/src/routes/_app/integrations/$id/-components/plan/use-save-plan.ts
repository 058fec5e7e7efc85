import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZApiError,
  ZIntegration,
  ZTestRunResponse,
  type TGenerationPlan,
  type TIntegration,
  type TTestRunResponse,
} from '@patchbay/schema';
import { useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { ApiError, errorMessage } from '../../../../../../lib/api-client.ts';
import { apiJson } from '../../../../../../lib/api-json.ts';
import { integrationQueries } from '../../../../../../lib/queries/integrations.ts';

/** The API's error code in a refusal, or null. */
export function apiErrorCode(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  try {
    const body = ZApiError.safeParse(JSON.parse(err.body));
    return body.success ? body.data.code : null;
  } catch {
    return null;
  }
}

export type DryRunState =
  | { status: 'running' }
  | { status: 'done'; result: TTestRunResponse }
  | { status: 'failed'; message: string };

interface SavePlanOptions {
  integration: TIntegration;
  /** The page takes the compiled integration: the editor shows the new code. */
  onCompiled: (updated: TIntegration) => Promise<void>;
}

/**
 * Saving the plan: compile it into a new version (POST /plan), ask first when that would
 * replace hand edits (409 HAND_EDITED), then dry-run the new code at once, so a corrected field
 * shows in the records it would write.
 */
export function useSavePlan({ integration, onCompiled }: SavePlanOptions) {
  const queryClient = useQueryClient();
  const [handEdited, setHandEdited] = useState<TGenerationPlan | null>(null);
  const [dryRun, setDryRun] = useState<DryRunState | null>(null);
  const id = integration.id;

  const dryRunNow = async () => {
    setDryRun({ status: 'running' });
    try {
      const result = await apiJson('POST', apiPath('testRun', { id }), ZTestRunResponse, {
        testMode: true,
        mode: 'dry-run',
      });
      setDryRun({ status: 'done', result });
    } catch (err) {
      setDryRun({
        status: 'failed',
        message: errorMessage(err, 'The dry run could not start.'),
      });
    }
    await queryClient.invalidateQueries({ queryKey: integrationQueries.runs(id).queryKey });
  };

  const save = useMutation({
    mutationFn: async ({
      plan,
      replaceHandEdits,
    }: {
      plan: TGenerationPlan;
      replaceHandEdits: boolean;
    }) => {
      const updated = await apiJson('POST', apiPath('integrationPlan', { id }), ZIntegration, {
        plan,
        ...(replaceHandEdits ? { replaceHandEdits: true } : {}),
      });
      // The plan's schedule is when the prompt asked to run: a scheduled integration follows it.
      const schedule = plan.schedule;
      if (
        schedule &&
        updated.trigger === 'schedule' &&
        JSON.stringify(schedule) !== JSON.stringify(updated.schedule)
      )
        return apiJson('PUT', apiPath('integration', { id }), ZIntegration, { schedule });
      return updated;
    },
    onSuccess: async (updated) => {
      setHandEdited(null);
      await onCompiled(updated);
      await dryRunNow();
    },
    onError: (err, { plan }) => {
      if (apiErrorCode(err) === 'HAND_EDITED') setHandEdited(plan);
    },
  });

  return {
    save: (plan: TGenerationPlan) => save.mutate({ plan, replaceHandEdits: false }),
    /** The person agreed: compile over the hand edits (the edited code stays a version). */
    replaceHandEdits: () => {
      if (handEdited) save.mutate({ plan: handEdited, replaceHandEdits: true });
    },
    cancelReplace: () => {
      setHandEdited(null);
      save.reset();
    },
    askingToReplace: handEdited !== null,
    saving: save.isPending,
    /** A refusal other than HAND_EDITED, to show beside the Save button. */
    error: save.error && apiErrorCode(save.error) !== 'HAND_EDITED' ? save.error : null,
    dryRun,
  };
}
