import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

// Dark by default, the preference kept locally under `theme`.
// public/color-scheme.js repeats both values to apply them before first paint.
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_COLOR_SCHEME = 'dark';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export const theme = createTheme({
  // Users who ask their system for less motion get dialogs and toasts without transitions.
  respectReducedMotion: true,
  primaryColor: 'indigo',
  // indigo-6, Mantine's light default, gives white button text and links on white only
  // 4.3:1; indigo-7 passes WCAG AA (5:1). Dark keeps Mantine's default shade.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  components: {
    // Tooltip delay 700 ms. A plain object, not `Tooltip.extend(…)`: importing Tooltip here
    // would put it and Floating UI in every page's entry chunk (ADR 026).
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});
