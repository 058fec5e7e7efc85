// The sidebar is expanded by default, its state lives in a
// cookie for 7 days and Ctrl+B or Cmd+B toggles it.

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Whether the sidebar is expanded, read from a `document.cookie` string; expanded unless saved as collapsed. */
export function readSidebarExpanded(cookieString: string): boolean {
  for (const part of cookieString.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() === SIDEBAR_COOKIE_NAME) return rest.join('=').trim() !== 'false';
  }
  return true;
}

/** The `document.cookie` assignment that saves the state. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

type ShortcutEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+B or Cmd+B on any platform; not with Alt or Shift held. */
export function isSidebarShortcut(event: ShortcutEvent): boolean {
  return (
    event.key.toLowerCase() === 'b' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}
