import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ZSignupRequest, type TSignupRequest } from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../lib/field-errors.ts';
import { focusFirstError } from './focus-first-error.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

interface SignupFormProps {
  redirectTo: string;
}

const PASSWORD_HINT = 'Must be at least 8 characters';

// Spec §2 /signup, §5: optional first and last name, required email and a password of at
// least 8 characters, checked with the same schema the API uses; server failures arrive as the
// 'Signup failed' toast (spec §8).
export function SignupForm({ redirectTo }: SignupFormProps) {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useAuthSubmit({
    endpoint: '/api/auth/signup',
    successMessage: 'Account created successfully',
    failureTitle: 'Signup failed',
    failureFallback: 'Failed to create account',
    redirectTo,
  });
  const submitting = submit.isPending || submit.isSuccess;

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZSignupRequest.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      setErrors(next);
      focusFirstError(event.currentTarget, next);
      return;
    }
    submit.mutate(withoutBlankNames(parsed.data));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => update('firstName')(event.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => update('lastName')(event.currentTarget.value)}
            error={errors.lastName}
          />
        </Group>
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
          autoComplete="new-password"
          required
          // The hint stays until the same words come back as the error, never both at once.
          description={errors.password ? undefined : PASSWORD_HINT}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={values.password}
          onChange={(event) => update('password')(event.currentTarget.value)}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? 'Creating account...' : 'Create account'}
        </Button>
      </Stack>
    </form>
  );
}

/** Names are optional (spec §5): an empty box is sent as no name rather than ''. */
function withoutBlankNames({ firstName, lastName, ...rest }: TSignupRequest): TSignupRequest {
  return {
    ...rest,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };
}
