import { notifications } from '@mantine/notifications';

// Spec §9: one toast at a time. Mantine queues toasts beyond its limit; a newer toast replaces
// the one on screen instead, so a second failure is never hidden behind a stale first one.
// Destructive toasts are red (spec §8), warnings yellow.

interface ToastOptions {
  title: string;
  message: string;
  /** warning: done, but not all of it (issue 18 §2: generation that did not understand). */
  variant?: 'default' | 'destructive' | 'warning';
}

export function toast({ title, message, variant = 'default' }: ToastOptions): void {
  notifications.clean();
  notifications.show({
    title,
    message,
    color: variant === 'destructive' ? 'red' : variant === 'warning' ? 'yellow' : 'green',
    withBorder: true,
    // Mantine's close button has no name, and its grey description is below 4.5:1; the
    // console's dimmed colour passes in both themes (css-variables.ts).
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-dimmed)' } },
  });
}
