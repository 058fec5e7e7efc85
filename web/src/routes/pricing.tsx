import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PricingPlanCards } from '../components/pricing-plan-cards.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { useSignedInUser } from '../lib/auth.ts';
import { FREE_INTEGRATION_LIMIT, type PricingPlan } from '../lib/pricing-plans.ts';
import { APP_PATHS, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/site.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/pricing')({
  component: PricingPage,
});

// 'Upgrade to Pro' in the free-tier limit dialog leads here, a real page rather than a dead
// end. Pro has no checkout in the beta: the page says so rather than pretend.
const PRO_REQUEST_MAILTO = `${SUPPORT_MAILTO}?subject=${encodeURIComponent('Pro plan for my Patchbay account')}`;

function PricingPage() {
  usePageMeta({
    title: 'Pricing — Patchbay',
    description: `Patchbay plans: Free at $0 forever with ${FREE_INTEGRATION_LIMIT} integrations, or Pro at $29 per month with unlimited automations, no task overages and priority support.`,
  });
  const { user } = useSignedInUser();

  function planAction(plan: PricingPlan) {
    const popular = plan.popular ? 'filled' : 'default';
    if (!user) {
      return (
        <Button component="a" href={APP_PATHS.signup} fullWidth size="md" variant={popular}>
          {plan.id === 'pro' ? 'Sign up for Pro' : 'Get Started Free'}
        </Button>
      );
    }
    if (user.plan === plan.id) {
      return (
        <Button fullWidth size="md" variant="light" disabled>
          Your current plan
        </Button>
      );
    }
    if (plan.id === 'pro') {
      return (
        <Button component="a" href={PRO_REQUEST_MAILTO} fullWidth size="md" variant={popular}>
          Ask for Pro
        </Button>
      );
    }
    return (
      <Button component="a" href={APP_PATHS.dashboard} fullWidth size="md" variant={popular}>
        Go to Dashboard
      </Button>
    );
  }

  return (
    <PublicPageLayout>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={1}>Pricing</Title>
          <Text size="lg" c="dimmed" maw={640}>
            Two plans, no task-volume fees. Start free with {FREE_INTEGRATION_LIMIT} integrations;
            move to Pro when you need more.
          </Text>
        </Stack>

        <Alert variant="light" title="Pro during the beta" maw={820} mx="auto" mb="xl">
          There is no checkout yet. During the beta, Pro is enabled by the operator: the team
          running Patchbay switches it on for your account. Sign up, then write to{' '}
          <Anchor href={PRO_REQUEST_MAILTO} underline="always" c="inherit" fz="inherit" fw={600}>
            {SUPPORT_EMAIL}
          </Anchor>{' '}
          from the address you signed up with. Nothing is charged automatically.
        </Alert>

        <PricingPlanCards action={planAction} headingOrder={2} />

        <Stack gap="xs" maw={820} mx="auto" mt={48}>
          <Title order={2} size="h3">
            Common questions
          </Title>
          <Title order={3} size="h5" mt="sm">
            What counts towards the Free limit?
          </Title>
          <Text c="dimmed">
            Every integration you create counts, over the life of the account: deleting one does not
            free a slot. When you reach {FREE_INTEGRATION_LIMIT}, Create Integration offers the
            upgrade.
          </Text>
          <Title order={3} size="h5" mt="sm">
            Is there a fee per run or per record?
          </Title>
          <Text c="dimmed">
            No. Neither plan charges for task volume; Pro has no task overages.
          </Text>
          <Title order={3} size="h5" mt="sm">
            Is there a limit on runs?
          </Title>
          <Text c="dimmed">
            No. On both plans a deployed integration runs on its schedule, and Run now, without a
            monthly cap. Settings shows how many runs you had this month.
          </Text>
          <Title order={3} size="h5" mt="sm">
            Can I take my code with me?
          </Title>
          <Text c="dimmed">
            Yes, on both plans. Every integration is plain JavaScript you can read and export.
          </Text>
          <Title order={3} size="h5" mt="sm">
            Refunds
          </Title>
          <Text c="dimmed">
            Payments are generally not refunded, and partial billing periods are never refunded. See
            the{' '}
            <Anchor component={Link} to="/terms" underline="always">
              Terms of Service
            </Anchor>
            .
          </Text>
        </Stack>
      </Container>
    </PublicPageLayout>
  );
}
