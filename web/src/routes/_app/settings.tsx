import { Stack, Tabs, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/page-error.tsx';
import { PagePending } from '../../components/page-pending.tsx';
import { apiTokensQuery, currentUserQuery } from '../../lib/queries/account.ts';
import { usageQuery } from '../../lib/queries/integrations.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { ApiTokensCard } from './settings/-components/api-tokens-card.tsx';
import { ChangePasswordCard } from './settings/-components/change-password-card.tsx';
import { DangerZoneCard } from './settings/-components/danger-zone-card.tsx';
import { NotificationsTab } from './settings/-components/notifications-tab.tsx';
import { OAuthAppsTab } from './settings/-components/oauth-apps-tab.tsx';
import { ProfileCard } from './settings/-components/profile-card.tsx';
import { UsageTab } from './settings/-components/usage-tab.tsx';

type SettingsTab = 'account' | 'usage' | 'oauth-apps' | 'notifications';

export const Route = createFileRoute('/_app/settings')({
  // ?tab=usage opens API Usage directly; Account is the default.
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } =>
    search.tab === 'usage' || search.tab === 'oauth-apps' || search.tab === 'notifications'
      ? { tab: search.tab }
      : {},
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(currentUserQuery),
      context.queryClient.ensureQueryData(apiTokensQuery),
      context.queryClient.ensureQueryData(usageQuery),
    ]),
  pendingComponent: PagePending,
  errorComponent: PageError,
  component: SettingsPage,
});

// Settings: working account actions and real usage.
function SettingsPage() {
  usePageMeta({ title: 'Settings — Patchbay', description: 'Your account and usage.' });
  const { tab = 'account' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  // The login guard renders this page only with a user.
  if (!user) return null;

  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>Settings</Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            search:
              value === 'usage' || value === 'oauth-apps' || value === 'notifications'
                ? { tab: value }
                : {},
            replace: true,
          })
        }
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="account">Account</Tabs.Tab>
          <Tabs.Tab value="usage">API Usage</Tabs.Tab>
          {/* Where failure and recovery alerts go (ADR 022). */}
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          {/* Operators register the OAuth apps users connect their accounts with. */}
          {user.role === 'operator' && <Tabs.Tab value="oauth-apps">OAuth apps</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="account">
          <Stack gap="lg">
            <ProfileCard user={user} />
            <ChangePasswordCard hasPassword={user.hasPassword} />
            <ApiTokensCard />
            <DangerZoneCard hasPassword={user.hasPassword} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="usage">
          <UsageTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          {tab === 'notifications' && <NotificationsTab />}
        </Tabs.Panel>
        {user.role === 'operator' && (
          <Tabs.Panel value="oauth-apps">
            <OAuthAppsTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
