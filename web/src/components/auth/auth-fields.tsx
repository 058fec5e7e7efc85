import { PasswordInput, TextInput } from '@mantine/core';

// Field blocks the login, signup and change-password forms share, so the email box and the
// new-password hint read the same everywhere.

interface FieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function EmailInput({ value, error, onChange }: FieldProps) {
  return (
    <TextInput
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

const PASSWORD_HINT = 'Must be at least 8 characters';

interface PasswordFieldProps extends FieldProps {
  label: string;
  name: string;
  /** A new password shows the length rule and asks the browser for a new one. */
  isNew?: boolean;
}

export function PasswordField({
  label,
  name,
  isNew = false,
  value,
  error,
  onChange,
}: PasswordFieldProps) {
  return (
    <PasswordInput
      label={label}
      name={name}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      // The hint stays until the same words come back as the error, never both at once.
      description={isNew && !error ? PASSWORD_HINT : undefined}
      inputWrapperOrder={isNew ? ['label', 'input', 'description', 'error'] : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
