// Toasts, one at a time. A newer toast replaces the one on screen, so a second failure
// is never hidden behind a stale first one. Destructive toasts are red, warnings
// yellow. notification-toasts.tsx renders the current one (auto-close, swipe to dismiss).
//
// The console's own small store rather than @mantine/notifications (ADR 026): that package's
// queue, stacking and transitions pulled about 13 kB gzip (with react-remove-scroll) into every
// page, the public ones included, for a feature that shows a single toast.

export type ToastVariant = 'default' | 'destructive' | 'warning';

export interface ToastOptions {
  title: string;
  message: string;
  /** warning: done, but not all of it (e.g. generation that did not understand the prompt). */
  variant?: ToastVariant;
}

export interface ShownToast extends Required<ToastOptions> {
  /** New for every toast, so the renderer restarts its timer even for the same text twice. */
  id: number;
}

let current: ShownToast | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: ShownToast | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function toast({ title, message, variant = 'default' }: ToastOptions): void {
  publish({ id: ++lastId, title, message, variant });
}

/** Closes the toast with this id; a toast that has been replaced meanwhile stays replaced. */
export function dismissToast(id: number): void {
  if (current?.id === id) publish(null);
}

/** For useSyncExternalStore. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ShownToast | null {
  return current;
}
