import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PricingPlanCards } from '../../components/pricing-plan-cards.tsx';
import { APP_PATHS } from '../../lib/site.ts';
import classes from './landing.module.css';

// Anchor 'pricing'; both plan buttons go to /signup.
export function LandingPricing() {
  return (
    <section id="pricing" className={classes.section} aria-labelledby="pricing-title">
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} id="pricing-title">
            Pricing
          </Title>
          <Text c="dimmed" maw={620}>
            Start free. Move to Pro when your integrations run the business.
          </Text>
        </Stack>
        <PricingPlanCards
          action={(plan) => (
            <Button
              component="a"
              href={APP_PATHS.signup}
              fullWidth
              size="md"
              variant={plan.popular ? 'filled' : 'default'}
            >
              {plan.id === 'pro' ? 'Start with Pro' : 'Get Started Free'}
            </Button>
          )}
        />
        <Text size="sm" c="dimmed" ta="center" mt="lg" maw={620} mx="auto">
          Every account starts on Free. During the beta there is no checkout: Pro is switched on for
          your account by the team running Patchbay.{' '}
          <Anchor component={Link} to="/pricing" size="sm" underline="always">
            Plan details
          </Anchor>
        </Text>
      </Container>
    </section>
  );
}
