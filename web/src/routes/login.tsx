import { Anchor, Divider } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthLayout } from '../components/auth/auth-layout.tsx';
import { GoogleSignInButton } from '../components/auth/google-sign-in-button.tsx';
import { LoginForm } from '../components/auth/login-form.tsx';
import {
  googleSignInErrorText,
  redirectAfterSignIn,
  validateAuthSearch,
} from '../lib/auth-search.ts';
import { toast } from '../lib/toast.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/login')({
  validateSearch: validateAuthSearch,
  component: LoginPage,
});

// Google sign-in first, then email and password, and a link to /signup.
function LoginPage() {
  usePageMeta({
    title: 'Log in — Patchbay',
    description: 'Log in to Patchbay to review, test and run your integrations.',
  });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { error } = search;

  // A failed Google sign-in lands here as ?error=<code>: say why once, then drop the code so a
  // reload does not repeat it.
  useEffect(() => {
    if (!error) return;
    toast({ title: 'Login failed', message: googleSignInErrorText(error), variant: 'destructive' });
    void navigate({ search: ({ next }) => (next ? { next } : {}), replace: true });
  }, [error, navigate]);

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome to Patchbay. Log in to your integrations."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor
            underline="always"
            renderRoot={(props) => (
              // Keeps ?next= so the detour through the other form still ends where it should.
              <Link to="/signup" search={search.next ? { next: search.next } : {}} {...props} />
            )}
          >
            Sign up
          </Anchor>
        </>
      }
    >
      <GoogleSignInButton />
      <Divider label="or log in with email" labelPosition="center" />
      <LoginForm redirectTo={redirectAfterSignIn(search)} />
      {/* A mailed single-use link, or an operator's when there is no SMTP. */}
      <Anchor
        size="sm"
        ta="center"
        underline="always"
        // The text colour, underlined: the primary colour at this size is below 4.5:1 in the dark theme.
        c="var(--mantine-color-text)"
        renderRoot={(props) => <Link to="/forgot-password" {...props} />}
      >
        Forgot password?
      </Anchor>
    </AuthLayout>
  );
}
