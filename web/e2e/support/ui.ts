import type { Locator, Page } from '@playwright/test';

/** A toast in the notifications region (spec §9: one at a time), by its title. */
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
