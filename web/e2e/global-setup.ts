// The first account on an install becomes its operator (only operators see Temporal
// Web UI links). The stories' users must be ordinary users whatever order the files run in, so
// the operator account is made here, before any story signs up.
import { request, type FullConfig } from '@playwright/test';

export const OPERATOR_EMAIL = 'operator@patchbay.test';
export const OPERATOR_PASSWORD = 'operator-password-e2e';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  const api = await request.newContext({ baseURL });
  try {
    const response = await api.post('/api/auth/signup', {
      data: { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD },
      headers: { Origin: baseURL },
    });
    // 409: a stack reused between runs already has it.
    if (response.status() !== 201 && response.status() !== 409) {
      throw new Error(
        `could not create the operator account: ${response.status()} ${await response.text()}`,
      );
    }
  } finally {
    await api.dispose();
  }
}
