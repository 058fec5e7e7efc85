import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiRequest, errorMessage } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';

/**
 * A working 'Delete Account': confirmed with the password, or — for an account
 * that only signs in with Google — by a Google sign-in in the last 10 minutes, which the API
 * checks. On success the browser leaves for the landing page with a full load.
 */
export function DangerZoneCard({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', apiPath('account'), hasPassword ? { password } : {}),
    onSuccess: () => {
      window.location.href = '/';
    },
    onError: (err) => {
      toast({
        title: 'Failed to delete account',
        message: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasPassword && password === '') {
      setError('Enter your password to confirm');
      return;
    }
    remove.mutate();
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="danger-title"
      style={{ borderColor: 'var(--mantine-color-error)' }}
    >
      <Title order={2} size="h4" id="danger-title" c="var(--mantine-color-error)" mb={4}>
        Danger Zone
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Deleting your account removes your integrations, their schedules, saved credentials and API
        tokens, and signs you out everywhere. It cannot be undone; export any code you want to keep
        first.
      </Text>
      <Button
        variant="outline"
        color="red"
        // The theme's error red (css-variables.ts): Mantine's red-7 is 3.8:1 on white.
        c="var(--mantine-color-error)"
        style={{ borderColor: 'var(--mantine-color-error)' }}
        onClick={() => setOpen(true)}
      >
        Delete Account
      </Button>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={open}
        onClose={close}
        title="Delete Account"
        centered
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              This permanently deletes your account and everything in it. This cannot be undone.
            </Text>
            {hasPassword ? (
              <PasswordInput
                label="Password"
                description={error ? undefined : 'Enter your password to confirm'}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setError(undefined);
                }}
                error={error}
                aria-invalid={error ? true : undefined}
                data-autofocus
              />
            ) : (
              <Text size="sm" c="dimmed">
                Your account signs in with Google. To confirm it is you, deleting it needs a Google
                sign-in within the last 10 minutes: if it has been longer, log out, sign in with
                Google again and come back here.
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending || remove.isSuccess}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
