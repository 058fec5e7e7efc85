import { expect, type APIRequestContext } from '@playwright/test';
import type { TCreateIntegrationRequest, TIntegration, TIntegrationStatus } from '@patchbay/schema';

// Sets up integrations through the real API, for tests whose story starts after creation.
// Mutating requests carry the Origin a browser would send: the API refuses a cookie-authenticated
// mutation from another origin.

export async function createIntegration(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<TCreateIntegrationRequest> = {},
): Promise<TIntegration> {
  const response = await request.post('/api/integrations', {
    headers: { Origin: baseURL },
    data: {
      name: 'Billing to CRM',
      userPrompt: 'Copy every new customer from the billing API into the CRM as a contact.',
      sourceApiName: 'Billing',
      sourceApiUrl: 'https://billing.example.com',
      sourceAuthType: 'none',
      destApiName: 'CRM',
      destApiUrl: 'https://crm.example.com',
      destAuthType: 'none',
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TIntegration;
}

export async function updateIntegration(
  request: APIRequestContext,
  baseURL: string,
  id: string,
  data: { generatedCode?: string; status?: TIntegrationStatus },
): Promise<TIntegration> {
  const response = await request.put(`/api/integrations/${id}`, {
    headers: { Origin: baseURL },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TIntegration;
}

/** Run now (POST …/run): a deployed run outside the schedule, started (202). */
export async function runNow(request: APIRequestContext, baseURL: string, id: string) {
  const response = await request.post(`/api/integrations/${id}/run`, {
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(202);
}
