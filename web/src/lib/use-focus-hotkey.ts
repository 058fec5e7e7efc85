import { useEffect, type RefObject } from 'react';

/**
 * Focuses `ref` when `key` is pressed anywhere, e.g. F8 for the notifications region
 * (app-providers.tsx). The element needs `tabIndex={-1}`.
 */
export function useFocusHotkey(ref: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ref, key]);
}
