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

/**
 * Records the text of every toast the notifications region shows, across full-page navigations.
 * A toast shown just before a redirect is seen however late the test looks: a locator waits for
 * a pending navigation to finish, so holding the next document to keep the toast on screen
 * stalls the look instead when the machine is slow.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('e2eToastShown', (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.addInitScript(() => {
    const report = (text: string) =>
      (window as unknown as { e2eToastShown?: (text: string) => void }).e2eToastShown?.(text);
    new MutationObserver(() => {
      const region = document.querySelector('section[aria-label="Notifications (F8)"]');
      for (const alert of region?.querySelectorAll('[role="alert"]') ?? [])
        report(alert.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return seen;
}
