import type { Locator, Page } from '@playwright/test';

/** A toast in the notifications region (one at a time), by its title. */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('alert')
    .filter({ hasText: title });
}

/** A signed-in screen's main content. */
export function main(page: Page): Locator {
  return page.getByRole('main');
}

/**
 * Holds requests matching `matcher` until the returned function is called, so a test can see
 * the state the page is in while it waits (a submitting button, a pending redirect).
 */
export async function holdRequests(
  page: Page,
  matcher: string | ((url: URL) => boolean),
): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(matcher, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
