import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZGenerateResponse,
  ZIntegration,
  type TConnectionSide,
  type TGenerateRequest,
  type TUpdateIntegrationRequest,
} from '@patchbay/schema';
import { useRef, useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiJson } from '../../../../lib/api-json.ts';
import { rememberGenerator } from '../../../../lib/generator-memory.ts';
import {
  toCreateRequest,
  toGenerateRequest,
  type IntegrationForm,
} from '../../../../lib/integration-form.ts';
import { integrationQueries, usageQuery } from '../../../../lib/queries/integrations.ts';
import { startOAuthConnect } from '../../../../lib/queries/oauth.ts';
import type { GenerationStep } from './generation-progress.tsx';

/**
 * The create flow: create the integration, request the code, save it with a PUT. When
 * generation fails after the create, the integration exists as a draft; trying again updates
 * that draft instead of creating another, so a Free account does not spend a second of its
 * five lifetime slots on one integration (ADR 010).
 */
export function useCreateIntegration() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<GenerationStep | null>(null);
  const draftId = useRef<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);

  /** Creates the draft, or updates the one an earlier attempt created; its id. */
  const saveDraft = async (form: IntegrationForm): Promise<string> => {
    const body = toCreateRequest(form);
    let id = draftId.current;
    if (id) {
      await apiJson('PUT', apiPath('integration', { id }), ZIntegration, body);
    } else {
      const created = await apiJson('POST', apiPath('integrations'), ZIntegration, body);
      id = created.id;
      draftId.current = id;
      setDraft(id);
      void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
      void queryClient.invalidateQueries({
        queryKey: integrationQueries.list().queryKey,
        exact: true,
      });
    }
    return id;
  };

  const mutation = useMutation({
    mutationFn: async (form: IntegrationForm) => {
      setStep('create');
      const id = await saveDraft(form);
      return generateIntoIntegration(queryClient, id, toGenerateRequest(form), setStep);
    },
    onSettled: () => setStep(null),
  });

  /**
   * 'Connect your account' on this page (ADR 024): the consent is for an integration, so the
   * form is saved as a draft first; the provider sends the browser back to its review page.
   */
  const connectAccount = useMutation({
    mutationFn: async ({ form, side }: { form: IntegrationForm; side: TConnectionSide }) =>
      startOAuthConnect(await saveDraft(form), side),
  });

  return { ...mutation, step, draftId: draft, connectAccount };
}

/**
 * The create flow's last two steps, shared with "Refine and generate again" on the review
 * page: request the code for an existing integration, remember what the
 * generator said, and save the code with a PUT (a new version). `alsoSave` goes in the same PUT,
 * so a refined description is kept only with the code it produced. No integration is created,
 * so no Free slot is used (ADR 010).
 */
export async function generateIntoIntegration(
  queryClient: QueryClient,
  id: string,
  request: TGenerateRequest,
  onStep: (step: GenerationStep) => void = () => {},
  alsoSave: TUpdateIntegrationRequest = {},
) {
  onStep('generate');
  // The integration's id lets generation prove the code by a dry run against its
  // connections, with the credentials saved (ADR 017).
  const generated = await apiJson('POST', apiPath('generate'), ZGenerateResponse, {
    ...request,
    integrationId: id,
  });
  rememberGenerator(id, {
    generator: generated.generator,
    ...(generated.model ? { model: generated.model } : {}),
  });

  onStep('save');
  const saved = await apiJson('PUT', apiPath('integration', { id }), ZIntegration, {
    ...alsoSave,
    generatedCode: generated.code,
    // Kept with this code's version: the review page shows it in any later session.
    generationReport: {
      generator: generated.generator,
      ...(generated.model ? { model: generated.model } : {}),
      requirements: generated.requirements,
      ...(generated.verification ? { verification: generated.verification } : {}),
      ...(generated.plan ? { plan: generated.plan } : {}),
    },
    ...(generated.schedule ? { schedule: generated.schedule } : {}),
  });
  queryClient.setQueryData(integrationQueries.detail(id).queryKey, saved);
  await queryClient.invalidateQueries({
    queryKey: integrationQueries.list().queryKey,
    exact: true,
  });
  return { integration: saved, generated };
}
