import { Paper, Stack, TextInput, Title } from '@mantine/core';
import type { TUser } from '@patchbay/schema';

/** The email, read-only, with the note on how to change it. */
export function ProfileCard({ user }: { user: TUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="md">
        Profile
      </Title>
      <Stack gap="md" maw={480}>
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          description="Contact support to change your email address"
          inputWrapperOrder={['label', 'input', 'description']}
        />
        {name && <TextInput label="Name" value={name} readOnly />}
        <TextInput
          label="Sign-in method"
          value={user.hasPassword ? 'Email and password' : 'Google'}
          readOnly
        />
      </Stack>
    </Paper>
  );
}
