import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The stories' accessibility bar: no serious or critical axe violation on the screen
 * as it is. A failure names each rule, the elements and axe's reasons.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map(
        (n) => `${n.target.join(' ')} ${n.any.map((check) => check.message).join(' ')}`,
      );
      return `${v.id}: ${v.help} (${nodes.join(', ')})`;
    });
  expect(serious, label).toEqual([]);
}
