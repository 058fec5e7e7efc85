import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCode, IconPlugConnected, IconRefresh, IconServerOff } from '@tabler/icons-react';
import classes from './landing.module.css';

// The four 'difference' cards. Each claim is one the product keeps: credentials are added
// outside the code (ADR 012), runs are durable (ADR 011), the code is plain JavaScript.
const DIFFERENCES = [
  {
    icon: IconPlugConnected,
    title: 'Connect any API',
    text: 'Any HTTP API with a base URL works as a source or a destination: API key in a header or query parameter, bearer token, basic auth or OAuth 2.0 client credentials. Patchbay adds the credentials to each request, so they never appear in your code.',
  },
  {
    icon: IconCode,
    title: 'Full code visibility and ownership',
    text: 'Every integration is plain JavaScript you can read, edit and export. No visual flow hiding the logic, no proprietary steps, no vendor lock-in: the code is yours.',
  },
  {
    icon: IconRefresh,
    title: 'Durable runtime',
    text: 'Deployed integrations run on Temporal. Failed runs retry with exponential backoff and respect Retry-After, and saved state such as a sync cursor is committed only when a run succeeds.',
  },
  {
    icon: IconServerOff,
    title: 'Zero server maintenance',
    text: 'No functions to deploy, no cron jobs, queues or state stores to look after. Patchbay schedules, runs, retries and records every run, and you can pause or resume with one click.',
  },
] as const;

export function LandingDifference() {
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} id="features-title">
            The Patchbay difference
          </Title>
          <Text c="dimmed" maw={620}>
            The control of custom code without the upkeep of running it yourself.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {DIFFERENCES.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="lg" component="article">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <Icon size={24} stroke={1.75} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} size="h4" mb="xs">
                {title}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
