// The Temporal Web UI is an operator's tool. The install's first account (made by
// e2e/global-setup.ts) is its operator and sees each run's Temporal link; the stories' other
// users do not (console-journey.spec.ts).
import { expect, test } from './fixtures.ts';
import { OPERATOR_EMAIL, OPERATOR_PASSWORD } from './global-setup.ts';
import { createIntegration, runNow, updateIntegration } from './support/integrations-api.ts';
import { startDestinationApi, startSourceApi, SYNC_CODE } from './support/loopback-apis.ts';

test('an operator sees the Temporal Web UI link of a run', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD },
    headers: { Origin: baseURL! },
  });
  expect(login.status(), await login.text()).toBe(200);
  const [source, destination] = await Promise.all([startSourceApi(), startDestinationApi()]);
  try {
    const integration = await createIntegration(page.request, baseURL!, {
      name: 'Operator sync',
      sourceApiUrl: source.baseUrl,
      destApiUrl: destination.baseUrl,
    });
    await updateIntegration(page.request, baseURL!, integration.id, {
      generatedCode: SYNC_CODE,
      status: 'active',
    });
    await runNow(page.request, baseURL!, integration.id);
    await page.goto(`/integrations/${integration.id}/review`);
    await page.getByRole('tab', { name: 'Runs' }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await expect(
      runs
        .locator('tr[data-run-kind="manual"]')
        .first()
        .getByRole('link', { name: /in the Temporal Web UI/ }),
    ).toHaveAttribute('href', /\/namespaces\/default\/workflows\/.+\/history$/, {
      timeout: 60_000,
    });
  } finally {
    await Promise.all([source.close(), destination.close()]);
  }
});
