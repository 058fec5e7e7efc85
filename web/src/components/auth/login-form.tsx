import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ZLoginRequest } from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../lib/field-errors.ts';
import { focusFirstError } from './focus-first-error.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

interface LoginFormProps {
  redirectTo: string;
}

// Spec §2 /login, §5: email (type email) and password, both required, checked with the same
// schema the API uses; server failures arrive as the 'Login failed' toast (spec §8).
export function LoginForm({ redirectTo }: LoginFormProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useAuthSubmit({
    endpoint: '/api/auth/login',
    successMessage: 'Logged in successfully',
    failureTitle: 'Login failed',
    failureFallback: 'Invalid credentials',
    redirectTo,
  });
  const submitting = submit.isPending || submit.isSuccess;

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZLoginRequest.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      setErrors(next);
      focusFirstError(event.currentTarget, next);
      return;
    }
    submit.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={values.email}
          onChange={(event) => update('email')(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => update('password')(event.currentTarget.value)}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? 'Logging in...' : 'Log in'}
        </Button>
      </Stack>
    </form>
  );
}
