import { Container, Stack, Text, Title } from '@mantine/core';
import { ComparisonTable, type ComparisonRow } from '../../components/comparison-table.tsx';
import classes from './landing.module.css';

// Traditional approach versus Patchbay. "Traditional" covers both things teams do
// today: a no-code connector platform or hand-written cloud functions.
const ROWS: readonly ComparisonRow[] = [
  {
    topic: 'Building it',
    cells: [
      'Assemble steps in a visual builder, or write a cloud function and its plumbing from scratch',
      'Describe it in plain language and get readable JavaScript to review',
    ],
  },
  {
    topic: 'Seeing what runs',
    cells: [
      'Logic hidden behind a visual flow, or spread across a cloud console',
      'The full source in an editor, with every saved version kept',
    ],
  },
  {
    topic: 'Testing',
    cells: [
      'Trial runs in production, or a local harness you maintain',
      'A sandbox run against the real APIs that shows each request, response and log line',
    ],
  },
  {
    topic: 'Failures',
    cells: [
      'Hand-written retry loops, or a failed task waiting in a dashboard',
      'Automatic retries with exponential backoff that honour Retry-After',
    ],
  },
  {
    topic: 'Remembering progress',
    cells: [
      'A database or key-value store you set up and secure yourself',
      'Built-in saved state, committed together with each successful run',
    ],
  },
  {
    topic: 'Cost as volume grows',
    cells: ['Per-task or per-execution fees that climb with every record', 'No task-volume fees'],
  },
  {
    topic: 'Servers',
    cells: [
      'Functions, schedulers and queues to deploy, patch and monitor',
      'None to run or patch',
    ],
  },
  {
    topic: 'Leaving',
    cells: ['Rebuild every workflow somewhere else', 'Export your code and take it with you'],
  },
];

export function LandingComparison() {
  return (
    <section className={classes.section} aria-labelledby="comparison-title">
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={40}>
          <Title order={2} id="comparison-title">
            Traditional approach vs Patchbay
          </Title>
          <Text c="dimmed" maw={620}>
            What changes when the integration is generated code on a durable runtime.
          </Text>
        </Stack>
        <ComparisonTable
          caption="How integrations are built and run today, and with Patchbay"
          columns={['Traditional approach', 'With Patchbay']}
          rows={ROWS}
        />
      </Container>
    </section>
  );
}
