import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { HoverHint } from './hover-hint.tsx';

// Light or dark, dark by default; MantineProvider's manager stores the choice.
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const next = current === 'dark' ? 'light' : 'dark';

  return (
    <HoverHint label={`Switch to ${next} theme`}>
      {(hintId) => (
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Toggle theme"
          aria-describedby={hintId}
          onClick={() => setColorScheme(next)}
        >
          {current === 'dark' ? <SunIcon /> : <MoonIcon />}
        </ActionIcon>
      )}
    </HoverHint>
  );
}

function SunIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
    </svg>
  );
}
