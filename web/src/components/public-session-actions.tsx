import { ActionIcon, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { logOut, useSignedInUser } from '../lib/auth.ts';
import { APP_PATHS } from '../lib/site.ts';
import { HoverHint } from './hover-hint.tsx';

/**
 * Top-bar actions on public pages: a signed-in user gets 'Dashboard' and a log-out
 * icon button; a visitor gets a way back into their account. Nothing shows while the session
 * is still loading, so the bar does not flicker from one state to the other.
 */
export function PublicSessionActions() {
  const { user, isPending } = useSignedInUser();

  if (isPending) return null;

  if (!user) {
    return (
      <Button component="a" href={APP_PATHS.login} variant="subtle" color="gray">
        Log in
      </Button>
    );
  }

  return (
    <>
      <Button component="a" href={APP_PATHS.dashboard} variant="light">
        Dashboard
      </Button>
      <HoverHint label="Log out">
        {/* No aria-describedby: the hint only repeats the button's name. */}
        {() => (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Log out"
            onClick={() => void logOut()}
          >
            <IconLogout size={18} stroke={1.75} aria-hidden="true" />
          </ActionIcon>
        )}
      </HoverHint>
    </>
  );
}
