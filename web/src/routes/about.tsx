import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ComparisonTable, type ComparisonRow } from '../components/comparison-table.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { FREE_INTEGRATION_LIMIT } from '../lib/pricing-plans.ts';
import { APP_PATHS, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/site.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import classes from './-components/prose.module.css';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

// About: origin story, mission with a comparison against no-code platforms
// and custom cloud functions, and who it is for. The footer's 'Our Story' and 'Beta Program'
// land on the sections with those ids.
const MISSION_ROWS: readonly ComparisonRow[] = [
  {
    topic: 'How you build',
    cells: [
      'Configure prebuilt steps in a visual editor',
      'Write everything, including the plumbing around it',
      'Describe it in plain language, then review the generated code',
    ],
  },
  {
    topic: 'What you can read',
    cells: [
      'The flow diagram; the code that runs stays hidden',
      'All of your code',
      'All of your code, with every saved version',
    ],
  },
  {
    topic: 'When a case does not fit',
    cells: [
      'Wait for a connector to support it, or work around it',
      'Write more code',
      'Edit the code',
    ],
  },
  {
    topic: 'Schedules, retries and state',
    cells: [
      'Built in, on the platform’s terms',
      'Yours to build, wire together and operate',
      'Built in: schedules, backoff retries and saved state on Temporal',
    ],
  },
  {
    topic: 'Testing',
    cells: [
      'Run the flow and read its task history',
      'Whatever test harness you build',
      'A sandbox run against the real APIs showing every request, response and log line',
    ],
  },
  {
    topic: 'Cost as volume grows',
    cells: [
      'Per-task fees that rise with every record',
      'Cloud usage, plus the hours spent maintaining it',
      'No task-volume fees',
    ],
  },
  {
    topic: 'Lock-in',
    cells: [
      'High: flows cannot leave the platform',
      'Tied to one cloud’s function runtime and services',
      'Low: export the code whenever you want',
    ],
  },
  {
    topic: 'Servers to maintain',
    cells: ['None', 'Functions, schedulers, queues and secret stores', 'None'],
  },
];

const AUDIENCES = [
  {
    title: 'Developers',
    text: 'who would rather review fifty lines of generated code than build, deploy and babysit another small service to run them.',
  },
  {
    title: 'Revenue and tech-operations teams',
    text: 'who keep the CRM, billing, support and analytics tools in sync and need to see exactly what moves where, and why a run failed.',
  },
  {
    title: 'Technical builders',
    text: 'who have outgrown no-code connectors, or never liked their per-task bills, and do not want to run infrastructure.',
  },
] as const;

function AboutPage() {
  usePageMeta({
    title: 'About — Patchbay',
    description:
      'Why Patchbay exists: integrations as easy to start as a no-code tool and as trustworthy as code you wrote yourself. Our story, our mission, the beta program and who it is for.',
  });

  return (
    <PublicPageLayout>
      <Container size="md" py={{ base: 40, sm: 64 }} className={classes.prose}>
        <Title order={1}>About Patchbay</Title>
        <Text size="lg" c="dimmed" mt="md">
          Patchbay turns a plain-language description into integration code between two web APIs,
          and runs that code for you on a durable runtime. You keep the code.
        </Text>

        <section id="story" aria-labelledby="story-title">
          <Title order={2} id="story-title">
            Our Story
          </Title>
          <Text>
            In a recording studio, the patch bay is the panel where any output can be wired to any
            input with a short cable. We wanted that panel for web APIs.
          </Text>
          <Text>
            Patchbay started with a chore most technical teams know. New customers in the billing
            system have to reach the CRM. Paid orders have to reach the spreadsheet finance works
            from. Bug reports have to reach the right chat channel. Each of these is small; together
            they turn into a pile of glue that someone has to own.
          </Text>
          <Text>
            The two usual answers both disappointed us. No-code connector platforms got the first
            integrations running quickly, but the logic lived in a visual flow nobody could review,
            the bill grew with every task, and when a case did not fit the building blocks there was
            nowhere to go. Custom cloud functions gave full control, but every one of them came with
            its own scheduler, retry loop, state store, secret handling and monitoring, and someone
            had to keep all of it patched.
          </Text>
          <Text>
            Patchbay keeps the good half of each. You describe the integration; Patchbay writes
            JavaScript you can read and change, runs it in a sandbox against the real APIs so you
            see exactly what it does, and then runs it on Temporal, a durable execution engine, with
            schedules, retries and saved state handled for you.
          </Text>
        </section>

        <section aria-labelledby="mission-title">
          <Title order={2} id="mission-title">
            Our Mission
          </Title>
          <Text>
            Make integrations as quick to start as a no-code tool and as trustworthy as code you
            wrote yourself: readable, testable, portable, and run without servers to maintain.
          </Text>
          <ComparisonTable
            caption="No-code platforms, custom cloud functions and Patchbay compared"
            columns={['No-code platforms', 'Custom cloud functions', 'Patchbay']}
            rows={MISSION_ROWS}
          />
        </section>

        <section id="beta" aria-labelledby="beta-title">
          <Title order={2} id="beta-title">
            Beta Program
          </Title>
          <Text>
            Patchbay is in public beta. Everything described on this site works today, within these
            limits:
          </Text>
          <List spacing="xs">
            <List.Item>Integrations are written in JavaScript and run on Node.js only.</List.Item>
            <List.Item>Generated code targets the current stable version of each API.</List.Item>
            <List.Item>
              Supported authentication: API keys, bearer tokens, basic auth and OAuth 2.0 client
              credentials.
            </List.Item>
            <List.Item>
              The Free plan includes {FREE_INTEGRATION_LIMIT} integrations. There is no checkout
              yet: Pro is switched on for an account by the team running Patchbay.
            </List.Item>
          </List>
          <Text>
            Beta users shape what comes next. Tell us which APIs you connected, what the generated
            code got wrong and what you missed at{' '}
            <Anchor href={SUPPORT_MAILTO} underline="always">
              {SUPPORT_EMAIL}
            </Anchor>
            . The{' '}
            <Anchor component={Link} to="/docs" underline="always">
              documentation
            </Anchor>{' '}
            covers how it all works.
          </Text>
        </section>

        <section aria-labelledby="audience-title">
          <Title order={2} id="audience-title">
            Who We Built This For
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
            {AUDIENCES.map((audience) => (
              <Card key={audience.title} withBorder radius="lg" padding="lg">
                <Stack gap="xs">
                  <Title order={3} size="h4" m={0}>
                    {audience.title}
                  </Title>
                  <Text size="sm" c="dimmed" m={0}>
                    {audience.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Group>
            <Button component="a" href={APP_PATHS.signup} size="md">
              Get Started Free
            </Button>
            <Button component="a" href={SUPPORT_MAILTO} size="md" variant="default">
              Contact Support
            </Button>
          </Group>
        </section>
      </Container>
    </PublicPageLayout>
  );
}
