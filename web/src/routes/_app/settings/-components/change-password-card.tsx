import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { PasswordField } from '../../../../components/auth/auth-fields.tsx';
import { useSchemaForm } from '../../../../components/auth/use-schema-form.ts';
import { apiRequest } from '../../../../lib/api-client.ts';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { toast } from '../../../../lib/toast.ts';

/** A working Change Password, checked with the schema the API uses. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = useMutation({
    mutationFn: (body: TChangePasswordRequest) => apiRequest('PUT', apiPath('password'), body),
    onSuccess: () => {
      form.reset();
      toast({
        title: 'Password changed',
        message: 'Use your new password the next time you log in.',
      });
    },
    onError: failureToast('Failed to change password', 'Please try again.'),
  });
  const form = useSchemaForm({
    schema: async () => ZChangePasswordRequest,
    initial: { currentPassword: '', newPassword: '' },
    onValid: (data) => change.mutate(data),
  });
  const { values, errors, update } = form;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="xs">
        Change Password
      </Title>
      {hasPassword ? (
        <form onSubmit={form.onSubmit} noValidate>
          <Stack gap="md" maw={480}>
            <PasswordField
              label="Current password"
              name="currentPassword"
              value={values.currentPassword}
              error={errors.currentPassword}
              onChange={update('currentPassword')}
            />
            <PasswordField
              label="New password"
              name="newPassword"
              isNew
              value={values.newPassword}
              error={errors.newPassword}
              onChange={update('newPassword')}
            />
            <Button type="submit" w="fit-content" loading={form.checking || change.isPending}>
              Change Password
            </Button>
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          This account signs in with Google and has no password to change.
        </Text>
      )}
    </Paper>
  );
}
