import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PRICING_PLANS, type PricingPlan } from '../lib/pricing-plans.ts';
import classes from './pricing-plan-cards.module.css';

interface PricingPlanCardsProps {
  /** The call to action under each plan; pages decide where it leads. */
  action: (plan: PricingPlan) => ReactNode;
  /** Heading level of the plan names, so each page keeps a correct outline. */
  headingOrder?: 2 | 3;
}

// The two static plans, Pro marked popular with its savings label.
export function PricingPlanCards({ action, headingOrder = 3 }: PricingPlanCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={820} mx="auto">
      {PRICING_PLANS.map((plan) => (
        <Card
          key={plan.id}
          withBorder
          padding="xl"
          radius="lg"
          className={plan.popular ? classes.popular : undefined}
          aria-labelledby={`plan-${plan.id}`}
          component="section"
        >
          <Stack gap="md" h="100%">
            <Group justify="space-between" align="center">
              <Title order={headingOrder} size="h3" id={`plan-${plan.id}`}>
                {plan.name}
              </Title>
              {plan.popular && <Badge variant="filled">Most popular</Badge>}
            </Group>
            <Group gap={6} align="baseline">
              <Text fz={40} fw={800} lh={1}>
                {plan.price}
              </Text>
              <Text c="dimmed">{plan.period}</Text>
            </Group>
            {plan.savings && (
              <Text size="sm" fw={600} className={classes.savings}>
                {plan.savings}
              </Text>
            )}
            <Text c="dimmed">{plan.description}</Text>
            <List
              spacing="xs"
              center
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" color="teal">
                  <IconCheck size={14} aria-hidden="true" />
                </ThemeIcon>
              }
              style={{ flexGrow: 1 }}
            >
              {plan.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            {action(plan)}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
