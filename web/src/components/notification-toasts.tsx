import { Notifications } from '@mantine/notifications';

/** Mantine's toast renderer, mounted once by app-providers.tsx inside the toasts' region. */
export function NotificationToasts() {
  // Spec §9: one toast at a time, shown for 5000 ms, swipe to dismiss. Not portalled, so the
  // toasts live inside the labelled region app-providers.tsx renders.
  return <Notifications limit={1} autoClose={5000} allowDragDismiss withinPortal={false} />;
}
