import { ActionIcon, AppShell, Drawer, Tooltip } from '@mantine/core';
import { IconLayoutSidebar } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { ThemeToggle } from '../theme-toggle.tsx';
import classes from './app-shell-layout.module.css';
import { BrandMark } from './brand-mark.tsx';
import { SidebarContent } from './sidebar-content.tsx';
import { useSidebar } from './use-sidebar.ts';

const HEADER_HEIGHT = 56;
// 16rem expanded, 3rem collapsed, 18rem as the mobile sheet.
const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_COLLAPSED = '3rem';
const SHEET_WIDTH = '18rem';

/**
 * The frame of every signed-in screen: a collapsible sidebar and
 * a header with the sidebar toggle and the theme toggle. Below 768 px the sidebar leaves the
 * page and opens as a sheet from the left instead.
 */
export function AppShellLayout({ children }: { children: ReactNode }) {
  const { isMobile, expanded, sheetOpen, toggle, closeSheet } = useSidebar();
  const toggleOpen = isMobile ? sheetOpen : expanded;
  const mainRef = useRef<HTMLElement>(null);

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED,
        breakpoint: 'sm',
        collapsed: { mobile: true },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      {/* The first stop for the keyboard: past the header and sidebar, straight to the screen. */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Tooltip label={`${toggleOpen ? 'Close' : 'Open'} sidebar (Ctrl+B)`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Toggle sidebar"
            aria-expanded={toggleOpen}
            onClick={toggle}
          >
            <IconLayoutSidebar size={20} stroke={1.75} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <ThemeToggle />
      </AppShell.Header>

      {/* Not rendered on mobile: Mantine only slides it off screen, where its links would
          still take keyboard focus. */}
      {!isMobile && (
        <AppShell.Navbar
          className={classes.navbar}
          aria-label="Sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
        >
          <SidebarContent collapsed={!expanded} withBrand />
        </AppShell.Navbar>
      )}

      <Drawer.Root
        opened={isMobile && sheetOpen}
        onClose={closeSheet}
        size={SHEET_WIDTH}
        classNames={{ content: classes.sheetContent, body: classes.sheetBody }}
      >
        <Drawer.Overlay />
        <Drawer.Content aria-label="Sidebar">
          {/* Plain elements, not Drawer.Header/Title: those would name the dialog 'Patchbay'
              and add a second banner landmark. */}
          <div className={classes.sheetHeader}>
            <div className={classes.sheetTitle}>
              <BrandMark />
              Patchbay
            </div>
            <Drawer.CloseButton aria-label="Close sidebar" />
          </div>
          <Drawer.Body>
            <nav aria-label="Sidebar" style={{ display: 'contents' }}>
              <SidebarContent collapsed={false} withBrand={false} onNavigate={closeSheet} />
            </nav>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
