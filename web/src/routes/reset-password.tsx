import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import type { TPasswordResetConfirm } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { AuthLayout } from '../components/auth/auth-layout.tsx';
import { PasswordField } from '../components/auth/auth-fields.tsx';
import { useSchemaForm } from '../components/auth/use-schema-form.ts';
import { WithQueryClient } from '../components/with-query-client.tsx';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  // Keyed by the link's token: another link opened in the same tab starts a fresh form, whose
  // check sends that token, not the first one.
  const { token = '' } = Route.useSearch();
  return (
    <WithQueryClient>
      <ResetPasswordPage key={token} />
    </WithQueryClient>
  );
}

// The page a mailed (or operator's) reset link opens. Setting the password
// spends the link and signs out every session of the account.
function ResetPasswordPage() {
  usePageMeta({
    title: 'Choose a new password — Patchbay',
    description: 'Set a new password for your Patchbay account.',
  });
  const { token = '' } = Route.useSearch();
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (body: TPasswordResetConfirm) =>
      apiRequest('POST', apiPath('passwordResetConfirm'), body),
    onSuccess: () => {
      toast({
        title: 'Password changed',
        message: 'Log in with your new password. Every other session was signed out.',
      });
      void navigate({ to: '/login' });
    },
  });
  const { values, errors, update, onSubmit, checking } = useSchemaForm({
    // The token comes from the link, not from a field: checked with the API's schema all the same.
    schema: () =>
      import('@patchbay/schema').then(({ ZPasswordResetConfirm }) => ({
        safeParse: (value: { newPassword: string }) =>
          ZPasswordResetConfirm.safeParse({ token, newPassword: value.newPassword }),
      })),
    initial: { newPassword: '' },
    onValid: (data) => reset.mutate(data),
    focusOnError: true,
  });
  const askAgain = (
    // Inherits the alert's text colour: the primary colour on the alert's tint is below 4.5:1.
    <Anchor
      underline="always"
      c="inherit"
      renderRoot={(props) => <Link to="/forgot-password" {...props} />}
    >
      Ask for a new link
    </Anchor>
  );

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="The link works once, within 30 minutes of asking for it."
      footer={
        <>
          Remembered it?{' '}
          <Anchor underline="always" renderRoot={(props) => <Link to="/login" {...props} />}>
            Log in
          </Anchor>
        </>
      }
    >
      {token === '' ? (
        <Alert color="red" variant="light" title="This link is incomplete" role="alert">
          <Text size="sm">Open the whole link from the email. Or: {askAgain}.</Text>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordField
              label="New password"
              name="newPassword"
              isNew
              value={values.newPassword}
              error={errors.newPassword}
              onChange={update('newPassword')}
            />
            {reset.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(reset.error, 'The password could not be changed. Please try again.')}{' '}
                {askAgain}.
              </Alert>
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={checking || reset.isPending || reset.isSuccess}
            >
              Set new password
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
