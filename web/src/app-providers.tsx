import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { cssVariablesResolver } from './lib/css-variables.ts';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './lib/theme.ts';
import { useFocusHotkey } from './lib/use-focus-hotkey.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const notificationsRegion = useRef<HTMLElement>(null);
  useFocusHotkey(notificationsRegion, 'F8');

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      {/* Spec §9: one toast at a time, shown for 5000 ms, swipe to dismiss, F8 focuses the
          region. Not portalled, so the toasts live inside this one labelled region. */}
      <section ref={notificationsRegion} aria-label="Notifications (F8)" tabIndex={-1}>
        <Notifications limit={1} autoClose={5000} allowDragDismiss withinPortal={false} />
      </section>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
