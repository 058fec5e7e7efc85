import { Anchor, Divider } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth/auth-layout.tsx';
import { GoogleSignInButton } from '../components/auth/google-sign-in-button.tsx';
import { SignupForm } from '../components/auth/signup-form.tsx';
import { redirectAfterSignIn, validateAuthSearch } from '../lib/auth-search.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/signup')({
  validateSearch: validateAuthSearch,
  component: SignupPage,
});

// Google sign-in first, then the account form, and a link to /login.
function SignupPage() {
  usePageMeta({
    title: 'Sign up — Patchbay',
    description: 'Create a free Patchbay account: describe an integration, get code you own.',
  });
  const search = Route.useSearch();

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Describe an integration, get code you own."
      footer={
        <>
          Already have an account?{' '}
          <Anchor
            underline="always"
            renderRoot={(props) => (
              // Keeps ?next= so the detour through the other form still ends where it should.
              <Link to="/login" search={search.next ? { next: search.next } : {}} {...props} />
            )}
          >
            Log in
          </Anchor>
        </>
      }
    >
      <GoogleSignInButton />
      <Divider label="or sign up with email" labelPosition="center" />
      <SignupForm redirectTo={redirectAfterSignIn(search)} />
    </AuthLayout>
  );
}
