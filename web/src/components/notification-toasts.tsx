import { Notifications } from '@mantine/notifications';

/**
 * Mantine's toast renderer, loaded with the first toast (app-providers.tsx) rather than with
 * every page: with its transitions and scroll-lock helpers it is about 10 kB gzip that most
 * visits to a public page never use (issue 19).
 */
export function NotificationToasts() {
  // Spec §9: one toast at a time, shown for 5000 ms, swipe to dismiss. Not portalled, so the
  // toasts live inside the labelled region app-providers.tsx renders.
  return <Notifications limit={1} autoClose={5000} allowDragDismiss withinPortal={false} />;
}
