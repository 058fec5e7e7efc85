import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZIntegration,
  ZRunStarted,
  type TIntegration,
  type TIntegrationStatus,
  type TTriggerType,
} from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiRequest } from '../../lib/api-client.ts';
import { apiJson } from '../../lib/api-json.ts';
import { failureToast } from '../../lib/failure-toast.ts';
import { integrationQueries, invalidateIntegration } from '../../lib/queries/integrations.ts';
import { toast } from '../../lib/toast.ts';

type IntegrationRef = Pick<TIntegration, 'id' | 'name'>;

/**
 * 'Integration deleted' or the failure toast. Callers ask first, since a delete takes the runs
 * and history with it: see use-confirm-delete.tsx.
 */
export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: IntegrationRef) =>
      apiRequest('DELETE', apiPath('integration', { id: integration.id })),
    onSuccess: async (_data, integration) => {
      toast({ title: 'Integration deleted', message: `${integration.name} was deleted.` });
      // Its own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: integrationQueries.detail(integration.id).queryKey });
      await queryClient.invalidateQueries({
        queryKey: integrationQueries.list().queryKey,
        exact: true,
      });
    },
    onError: failureToast('Failed to delete integration', 'Please try again.'),
  });
}

/** Pause/Resume: PUT with the status alone; failure toast 'Failed to update status'. */
/** What starts a resumed integration's runs, by its trigger. */
const RESUMED_RUNS: Record<TTriggerType, string> = {
  schedule: 'on its schedule',
  webhook: 'on each webhook event',
  manual: 'when started with Run now',
};

export function useSetIntegrationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      integration,
      status,
    }: {
      integration: IntegrationRef;
      status: TIntegrationStatus;
    }) => apiJson('PUT', apiPath('integration', { id: integration.id }), ZIntegration, { status }),
    onSuccess: async (updated) => {
      toast({
        title: updated.status === 'paused' ? 'Integration paused' : 'Integration resumed',
        message:
          updated.status === 'paused'
            ? `${updated.name} will not run until you resume it.`
            : `${updated.name} is active and runs ${RESUMED_RUNS[updated.trigger]}.`,
      });
      queryClient.setQueryData(integrationQueries.detail(updated.id).queryKey, updated);
      await invalidateIntegration(queryClient, updated.id);
    },
    onError: failureToast('Failed to update status', 'Please try again.'),
  });
}

/** 'Run' on the dashboard and 'Run now' on the review page start a deployed run. */
export function useRunIntegrationNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: IntegrationRef) =>
      apiJson('POST', apiPath('deployedRun', { id: integration.id }), ZRunStarted),
    onSuccess: async (_started, integration) => {
      toast({
        title: 'Run started',
        message: `${integration.name} is running now. Its result appears under Runs on its review page.`,
      });
      // Screens showing its runs and status start following the run (ADR 019).
      await invalidateIntegration(queryClient, integration.id, { runs: true });
    },
    onError: failureToast('Run failed to start', 'Failed to start the run'),
  });
}
