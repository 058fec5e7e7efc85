import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from '../../lib/sidebar-state.ts';

/**
 * Below 768 px the sidebar is an off-canvas sheet. Mantine's `sm` breakpoint is 48em
 * (768 px) and AppShell hides its navbar below it, so this query must stay in step.
 */
export const MOBILE_QUERY = '(max-width: 47.99em)';

export interface SidebarState {
  isMobile: boolean;
  /** Desktop: full width with labels, or the 3rem icon rail. Saved in the cookie. */
  expanded: boolean;
  /** Mobile: whether the sheet is open. Not saved. */
  sheetOpen: boolean;
  toggle: () => void;
  closeSheet: () => void;
}

/**
 * Sidebar state: expanded by default, kept in the
 * `sidebar_state` cookie, toggled by the header button or Ctrl/Cmd+B. On mobile the same
 * controls open and close the sheet and leave the saved desktop state alone.
 */
export function useSidebar(): SidebarState {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(document.cookie));
  const [sheetOpen, setSheetOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetOpen((open) => !open);
      return;
    }
    const next = !expanded;
    document.cookie = sidebarCookie(next);
    setExpanded(next);
  }, [isMobile, expanded]);

  const closeSheet = useCallback(() => setSheetOpen(false), []);

  useEffect(() => {
    if (!isMobile) setSheetOpen(false);
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, expanded, sheetOpen, toggle, closeSheet };
}
