import { Box, Tooltip } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconLogout,
  IconPlugConnected,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { logOut } from '../../lib/auth.ts';
import { BrandMark } from './brand-mark.tsx';
import classes from './sidebar-content.module.css';

// The shell's three places and Log Out, nothing else.
const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/integrations', label: 'Integrations', icon: IconPlugConnected },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const satisfies readonly { to: string; label: string; icon: Icon }[];

interface SidebarContentProps {
  /** The 3rem icon rail: labels become tooltips, with no delay. */
  collapsed: boolean;
  /** The sheet shows the brand in its own header. */
  withBrand: boolean;
  /** Called when a link is followed, so the mobile sheet can close. */
  onNavigate?: () => void;
}

export function SidebarContent({ collapsed, withBrand, onNavigate }: SidebarContentProps) {
  const [loggingOut, setLoggingOut] = useState(false);

  return (
    <div className={classes.sidebar}>
      {withBrand && (
        <div className={classes.brandRow}>
          <Link
            to="/dashboard"
            className={classes.brand}
            aria-label={collapsed ? 'Patchbay' : undefined}
            onClick={onNavigate}
          >
            <BrandMark />
            {!collapsed && 'Patchbay'}
          </Link>
        </div>
      )}
      <ul className={classes.menu}>
        {NAV_ITEMS.map(({ to, label, icon: ItemIcon }) => (
          <li key={to}>
            <SidebarTooltip label={label} collapsed={collapsed}>
              {/* Through Box, as the console's buttons do, so one loop covers the three routes. */}
              <Box
                component={Link}
                to={to}
                className={classes.item}
                aria-label={collapsed ? label : undefined}
                onClick={onNavigate}
              >
                <ItemIcon size={18} stroke={1.75} aria-hidden="true" />
                {!collapsed && <span className={classes.label}>{label}</span>}
              </Box>
            </SidebarTooltip>
          </li>
        ))}
      </ul>
      <div className={classes.footer}>
        <SidebarTooltip label="Log Out" collapsed={collapsed}>
          <button
            type="button"
            className={classes.item}
            aria-label={collapsed ? 'Log Out' : undefined}
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logOut();
            }}
          >
            <IconLogout size={18} stroke={1.75} aria-hidden="true" />
            {!collapsed && <span className={classes.label}>Log Out</span>}
          </button>
        </SidebarTooltip>
      </div>
    </div>
  );
}

function SidebarTooltip({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactElement;
}) {
  return (
    <Tooltip label={label} position="right" openDelay={0} disabled={!collapsed}>
      {children}
    </Tooltip>
  );
}
