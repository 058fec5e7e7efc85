import { Alert, Anchor, Button, Code, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { TPasswordResetRequest } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { AuthLayout } from '../components/auth/auth-layout.tsx';
import { EmailInput } from '../components/auth/auth-fields.tsx';
import { WithQueryClient } from '../components/with-query-client.tsx';
import { useSchemaForm } from '../components/auth/use-schema-form.ts';
import { apiRequest, errorMessage, getQueryFn } from '../lib/api-client.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordRoute });

function ForgotPasswordRoute() {
  return (
    <WithQueryClient>
      <ForgotPasswordPage />
    </WithQueryClient>
  );
}

// "Forgot password?" asks for the email and mails a single-use link. The answer
// is the same whether or not the account exists; without SMTP an operator resets it.
function ForgotPasswordPage() {
  usePageMeta({
    title: 'Forgot password — Patchbay',
    description: 'Get a link to choose a new Patchbay password.',
  });
  const availability = useQuery({
    queryKey: [apiPath('passwordReset')],
    queryFn: getQueryFn(apiPath('passwordReset'), {
      schema: () => import('@patchbay/schema').then((m) => m.ZPasswordResetAvailability),
    }),
  });
  const request = useMutation({
    mutationFn: (body: TPasswordResetRequest) =>
      apiRequest('POST', apiPath('passwordResetRequest'), body),
  });
  const { values, errors, update, onSubmit, checking } = useSchemaForm({
    schema: () => import('@patchbay/schema').then((m) => m.ZPasswordResetRequest),
    initial: { email: '' },
    onValid: (data) => request.mutate(data),
    focusOnError: true,
  });

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="We will email you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor underline="always" renderRoot={(props) => <Link to="/login" {...props} />}>
            Log in
          </Anchor>
        </>
      }
    >
      {availability.isPending ? (
        <Skeleton height={120} />
      ) : availability.data?.emailConfigured === false ? (
        <Alert color="yellow" variant="light" title="This server cannot send email" role="status">
          <Stack gap="xs">
            <Text size="sm">
              An operator can reset your password: ask whoever runs this Patchbay installation. They
              run <Code>npm run reset-password -- you@example.com</Code> and send you the link it
              prints.
            </Text>
          </Stack>
        </Alert>
      ) : request.isSuccess ? (
        <Alert color="green" variant="light" title="Check your email" role="status">
          If an account with {request.variables.email} signs in with a password, we sent it a link.
          The link works once, within 30 minutes. Nothing there? Check the spam folder, or ask again
          in a few minutes.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <EmailInput value={values.email} error={errors.email} onChange={update('email')} />
            {request.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(request.error, 'The link could not be sent. Please try again.')}
              </Alert>
            )}
            <Button type="submit" size="md" fullWidth loading={checking || request.isPending}>
              Email me a link
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
