import { Button, Stack } from '@mantine/core';
import { EmailInput, PasswordField } from './auth-fields.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { useSchemaForm } from './use-schema-form.ts';

interface LoginFormProps {
  redirectTo: string;
}

// Email (type email) and password, both required, checked with the same schema the API uses;
// server failures arrive as the 'Login failed' toast.
export function LoginForm({ redirectTo }: LoginFormProps) {
  const submit = useAuthSubmit({
    endpoint: 'login',
    successMessage: 'Logged in successfully',
    failureTitle: 'Login failed',
    failureFallback: 'Invalid credentials',
    redirectTo,
  });
  const { values, errors, update, onSubmit, checking } = useSchemaForm({
    schema: () => import('@patchbay/schema').then((m) => m.ZLoginRequest),
    initial: { email: '', password: '' },
    onValid: (data) => submit.mutate(data),
    focusOnError: true,
  });
  const submitting = checking || submit.isPending || submit.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <EmailInput value={values.email} error={errors.email} onChange={update('email')} />
        <PasswordField
          label="Password"
          name="password"
          value={values.password}
          error={errors.password}
          onChange={update('password')}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? 'Logging in...' : 'Log in'}
        </Button>
      </Stack>
    </form>
  );
}
