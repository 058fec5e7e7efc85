import { describe, expect, it } from 'vitest';
import {
  isSidebarShortcut,
  readSidebarExpanded,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  sidebarCookie,
} from './sidebar-state.ts';

describe('readSidebarExpanded', () => {
  it('is expanded when nothing is saved (expanded is the default)', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('theme=dark; other=1')).toBe(true);
  });

  it('reads the saved state among other cookies', () => {
    expect(readSidebarExpanded('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true')).toBe(true);
  });

  it('does not mistake a cookie whose name merely contains the key', () => {
    expect(readSidebarExpanded('old_sidebar_state=false')).toBe(true);
  });
});

describe('sidebarCookie', () => {
  it('keeps the state for 7 days on every path', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604800);
    const cookie = sidebarCookie(false);
    expect(cookie).toMatch(/^sidebar_state=false;/);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain('max-age=604800');
  });

  it('round-trips through readSidebarExpanded', () => {
    for (const expanded of [true, false]) {
      const pair = sidebarCookie(expanded).split(';')[0] ?? '';
      expect(readSidebarExpanded(pair)).toBe(expanded);
    }
  });
});

describe('isSidebarShortcut', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('accepts Ctrl+B and Cmd+B', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
  });

  it('ignores plain B, other keys and extra modifiers', () => {
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { metaKey: true, altKey: true }))).toBe(false);
  });
});
