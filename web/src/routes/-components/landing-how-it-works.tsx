import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import classes from './landing.module.css';

// The lifecycle the docs describe: prompt, generation, review and edit, sandbox
// test, deployment.
const STEPS = [
  {
    title: 'Describe',
    text: 'Say what should move between which two APIs, how fields map and how often. Add each API’s base URL and credentials.',
  },
  {
    title: 'Review and edit',
    text: 'Patchbay generates the JavaScript. Read it in the editor, change anything, save your edits as a new version.',
  },
  {
    title: 'Test in a sandbox',
    text: 'Run it once against the real APIs and see every request, response and log line. A test never saves state.',
  },
  {
    title: 'Deploy',
    text: 'Save & Deploy puts it on a schedule with automatic retries. Pause, resume or change it whenever you like.',
  },
] as const;

export function LandingHowItWorks() {
  return (
    <section className={classes.section} aria-labelledby="how-title">
      <Container size="lg">
        <Title order={2} id="how-title" ta="center" mb={40}>
          From description to running integration
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="xl"
          component="ol"
          className={classes.steps}
        >
          {STEPS.map((step, index) => (
            <Stack component="li" key={step.title} gap="xs">
              <ThemeIcon size={36} radius="xl" variant="filled" aria-hidden="true">
                <Text fw={700} size="sm" c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Title order={3} size="h4">
                {step.title}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
