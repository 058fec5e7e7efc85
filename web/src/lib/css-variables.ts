import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Mantine's dimmed text (gray-6 on white, dark-2 on dark-7) is about 3.3:1 and 4.0:1, below
 * WCAG AA's 4.5:1, and axe flags every subtitle and hint. These keep the muted look at ≥ 5:1
 * on the page, card and sidebar backgrounds of both themes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors: Mantine's red-6 is 3.4:1 on white and about 4:1 on the dark cards.
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
