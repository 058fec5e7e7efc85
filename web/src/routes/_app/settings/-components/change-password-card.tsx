import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../../../lib/api-client.ts';
import { fieldErrors } from '../../../../lib/field-errors.ts';
import { toast } from '../../../../lib/toast.ts';

const PASSWORD_HINT = 'Must be at least 8 characters';

/** A working Change Password (DESIGN §9), checked with the schema the API uses. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: TChangePasswordRequest) => apiRequest('PUT', '/api/auth/password', body),
    onSuccess: () => {
      setValues({ currentPassword: '', newPassword: '' });
      toast({
        title: 'Password changed',
        message: 'Use your new password the next time you log in.',
      });
    },
    onError: (err) => {
      toast({
        title: 'Failed to change password',
        message: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZChangePasswordRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    change.mutate(parsed.data);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="xs">
        Change Password
      </Title>
      {hasPassword ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md" maw={480}>
            <PasswordInput
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              required
              value={values.currentPassword}
              onChange={(event) => update('currentPassword')(event.currentTarget.value)}
              error={errors.currentPassword}
              aria-invalid={errors.currentPassword ? true : undefined}
            />
            <PasswordInput
              label="New password"
              name="newPassword"
              autoComplete="new-password"
              required
              description={errors.newPassword ? undefined : PASSWORD_HINT}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={values.newPassword}
              onChange={(event) => update('newPassword')(event.currentTarget.value)}
              error={errors.newPassword}
              aria-invalid={errors.newPassword ? true : undefined}
            />
            <Button type="submit" w="fit-content" loading={change.isPending}>
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
