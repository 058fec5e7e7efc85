import type { Page } from '@playwright/test';
import type { TApiDescription } from '@patchbay/schema';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

// ADR 033 in the console, on a phone: the API Name combobox searches the curated catalog and
// then the directory of public APIs, says which tier each suggestion is from, finds an API by a
// former name, and a picked directory API fills the connection from its description (the
// semantics layer's auth included); one with several versions starts at the newest stable and
// the user can choose another.

test.use({ viewport: { width: 390, height: 844 } });
// Each story signs up, searches two tiers and runs axe with a listbox open: on a busy two-core
// machine that comes close to the default 30 s, so they get twice that.
test.describe.configure({ timeout: 60_000 });

function section(page: Page, name: 'Source' | 'Destination') {
  return page.getByRole('region', { name, exact: true });
}

/** Elements of the page that stick out past the viewport's right edge. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *, [role="listbox"] *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => {
        for (let box = element.parentElement; box; box = box.parentElement)
          if (getComputedStyle(box).overflowX !== 'visible') return false;
        return true;
      })
      .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`),
  );
}

test('on a phone, a user finds a public API the catalog does not curate, picks it and its version', async ({
  page,
  user,
}) => {
  expect(user.email).toBeTruthy();
  const v70 = (await (
    await page.request.get('/api/catalog/adyen-com-checkoutservice')
  ).json()) as TApiDescription;

  await page.goto('/integrations/new');
  const source = section(page, 'Source');
  const apiName = source.getByRole('combobox', { name: 'API Name' });

  // Curated entries come first, the directory behind them, each saying which it is.
  await apiName.fill('stripe');
  const stripe = page.getByRole('option', { name: /^Stripe curated · payments$/ });
  await expect(stripe).toBeVisible();
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByRole('option').first()).toContainText('curated');
  await expect(page.getByRole('option', { name: /directory · stripe\.com/ }).first()).toBeVisible();

  // A directory API with two versions is offered once, as its newest stable version.
  await apiName.fill('adyen checkout');
  const adyen = page.getByRole('option', {
    name: /^Adyen Checkout API directory · adyen\.com · 2 versions$/,
  });
  await expect(adyen).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await expectNoSeriousViolations(page, 'combobox with directory suggestions at 390 px');
  await adyen.click();

  await expect(apiName).toHaveValue('Adyen Checkout API');
  const baseUrl = source.getByRole('textbox', { name: 'Base URL' });
  await expect(baseUrl).toHaveValue('https://checkout-test.adyen.com/v71');
  // The semantics layer says Adyen's key goes in X-API-Key, ahead of the document's Basic auth.
  await expect(source.getByRole('combobox', { name: 'Auth Type' })).toHaveValue('api-key');
  await expect(source.getByRole('textbox', { name: 'Header name' })).toHaveValue('X-API-Key');
  await expect(
    source.getByText('Described by: Adyen Checkout API (catalog, chosen)'),
  ).toBeVisible();
  await expect(source.getByText(/Where to find the key: Generate an API key/)).toBeVisible();

  const version = source.getByRole('combobox', { name: 'API version' });
  await expect(version).toHaveValue('v71 · newest stable');
  await version.click();
  await page.getByRole('option', { name: 'v70', exact: true }).click();
  await expect(baseUrl).toHaveValue(v70.baseUrl);
  await expect(version).toHaveValue('v70');

  expect(await overflowing(page)).toEqual([]);
});

test('on a phone, a former name finds an API under its new one, and a matched API offers its versions', async ({
  page,
  user,
}) => {
  expect(user.email).toBeTruthy();
  await page.goto('/integrations/new');

  // A former name finds the API under its new one: ZEIT is Vercel.
  const destination = section(page, 'Destination');
  const destinationName = destination.getByRole('combobox', { name: 'API Name' });
  await destinationName.fill('ZEIT');
  await expect(
    page.getByRole('option', { name: /^Vercel API directory · vercel\.com/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // A name typed by hand that matches a family offers its versions too, from the newest stable.
  await destinationName.fill('Twitter');
  await page.keyboard.press('Escape');
  await expect(destination.getByText('Described by: Twitter API v2 (catalog)')).toBeVisible();
  const destinationVersion = destination.getByRole('combobox', { name: 'API version' });
  await expect(destinationVersion).toHaveValue('2.62 (current) · newest stable');
  await destinationVersion.click();
  await page.getByRole('option', { name: '1.1 (legacy)', exact: true }).click();
  await expect(destination.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
    'https://api.twitter.com/1.1',
  );
  await expect(destination.getByText('Described by: Twitter API (catalog, chosen)')).toBeVisible();

  expect(await overflowing(page)).toEqual([]);
  await expectNoSeriousViolations(page, 'create page with a directory API chosen at 390 px');
});
