import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { cssVariablesResolver } from './lib/css-variables.ts';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './lib/theme.ts';
import { useFocusHotkey } from './lib/use-focus-hotkey.ts';

// The toast renderer loads with the first toast, not with every page (issue 19: public pages'
// JavaScript); toast() only needs the small notifications store.
const NotificationToasts = lazy(() =>
  import('./components/notification-toasts.tsx').then((module) => ({
    default: module.NotificationToasts,
  })),
);

/** Mounts the toast renderer once a toast has been shown, and keeps it from then on. */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationToasts />
    </Suspense>
  );
}

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
      {/* Spec §9: F8 focuses the toasts' region (notification-toasts.tsx). */}
      <section ref={notificationsRegion} aria-label="Notifications (F8)" tabIndex={-1}>
        <Toasts />
      </section>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
