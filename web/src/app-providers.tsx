import { MantineProvider } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { NotificationToasts } from './components/notification-toasts.tsx';
import { cssVariablesResolver } from './lib/css-variables.ts';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './lib/theme.ts';
import { useFocusHotkey } from './lib/use-focus-hotkey.ts';

// React Query is not here: the routes that use it load it (lib/load-query-client.ts).
export function AppProviders({ children }: { children: ReactNode }) {
  const notificationsRegion = useRef<HTMLElement>(null);
  useFocusHotkey(notificationsRegion, 'F8');

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      {/* F8 focuses the toasts' region (notification-toasts.tsx). */}
      <section ref={notificationsRegion} aria-label="Notifications (F8)" tabIndex={-1}>
        {/* Rendered from the start, not loaded with the first toast: the login guard's
            'Unauthorized' toast has only 500 ms on screen before its redirect. */}
        <NotificationToasts />
      </section>
      {children}
    </MantineProvider>
  );
}
