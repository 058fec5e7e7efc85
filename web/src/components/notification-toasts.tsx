import { Notification } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import {
  currentToast,
  dismissToast,
  subscribeToToasts,
  type ShownToast,
  type ToastVariant,
} from '../lib/toast.ts';
import classes from './notification-toasts.module.css';

/** A toast stays this long, unless the pointer or the keyboard is on it. */
export const TOAST_DISPLAY_MS = 5000;
/** A swipe to the right this far dismisses the toast; a shorter one snaps back. */
export const SWIPE_DISMISS_PX = 50;

const COLORS: Record<ToastVariant, string> = {
  default: 'green',
  destructive: 'red',
  warning: 'yellow',
};

/**
 * The toast on screen, if any (lib/toast.ts). Mounted once by app-providers.tsx inside the
 * labelled region that F8 focuses; not portalled, so the toast stays inside that region.
 */
export function NotificationToasts() {
  const shown = useSyncExternalStore(subscribeToToasts, currentToast, currentToast);
  // Keyed by id: a new toast starts with a fresh timer and no leftover swipe.
  return shown ? (
    <div className={classes.container}>
      <Toast key={shown.id} toast={shown} />
    </div>
  ) : null;
}

function Toast({ toast }: { toast: ShownToast }) {
  // Held while the pointer is on it or the keyboard is in it (either one keeps it).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const close = () => dismissToast(toast.id);

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    // The close button keeps its own click; only the main button drags.
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipeStart.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current === null) return;
    // From the event, not the last render: a quick flick ends before its moves are drawn.
    const distance = event.clientX - swipeStart.current;
    endSwipe();
    if (distance > SWIPE_DISMISS_PX) close();
  }
  function endSwipe() {
    swipeStart.current = null;
    setDragging(false);
    setOffset(0);
  }

  return (
    <Notification
      className={classes.toast}
      title={toast.title}
      color={COLORS[toast.variant]}
      withBorder
      onClose={close}
      // Mantine's close button has no name of its own.
      closeButtonProps={{ 'aria-label': 'Close notification' }}
      // Mantine's grey description is below 4.5:1; the console's dimmed colour passes in both
      // themes (css-variables.ts).
      styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - offset / (SWIPE_DISMISS_PX * 3)) : undefined,
      }}
      mod={{ dragging }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endSwipe}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Focus moving to the close button is still focus on the toast.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {toast.message}
    </Notification>
  );
}
