import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { TSignupRequest } from '@patchbay/schema';
import { EmailInput, PasswordField } from './auth-fields.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { useSchemaForm } from './use-schema-form.ts';

interface SignupFormProps {
  redirectTo: string;
}

// Optional first and last name, required email and a password of at least 8 characters,
// checked with the same schema the API uses; server failures arrive as the 'Signup failed' toast.
export function SignupForm({ redirectTo }: SignupFormProps) {
  const submit = useAuthSubmit({
    endpoint: 'signup',
    successMessage: 'Account created successfully',
    failureTitle: 'Signup failed',
    failureFallback: 'Failed to create account',
    redirectTo,
  });
  const { values, errors, update, onSubmit, checking } = useSchemaForm({
    schema: () => import('@patchbay/schema').then((m) => m.ZSignupRequest),
    initial: { firstName: '', lastName: '', email: '', password: '' },
    onValid: (data) => submit.mutate(withoutBlankNames(data)),
    focusOnError: true,
  });
  const submitting = checking || submit.isPending || submit.isSuccess;

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
        <EmailInput value={values.email} error={errors.email} onChange={update('email')} />
        <PasswordField
          label="Password"
          name="password"
          isNew
          value={values.password}
          error={errors.password}
          onChange={update('password')}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? 'Creating account...' : 'Create account'}
        </Button>
      </Stack>
    </form>
  );
}

/** Names are optional: an empty box is sent as no name rather than ''. */
function withoutBlankNames({ firstName, lastName, ...rest }: TSignupRequest): TSignupRequest {
  return {
    ...rest,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };
}
