import { EXAMPLE_PROMPTS, PROMPT_MAX_LENGTH } from '@patchbay/schema';
import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PENDING_PROMPT_KEY, signedInUser } from '../../lib/auth.ts';
import { FREE_INTEGRATION_LIMIT } from '../../lib/pricing-plans.ts';
import { APP_PATHS } from '../../lib/site.ts';
import classes from './landing.module.css';

/**
 * Keeps the prompt for the Create Integration page, which reads and clears it, so nothing
 * typed here is lost to the signup detour (ADR 006).
 */
function rememberPrompt(prompt: string): void {
  try {
    if (prompt) sessionStorage.setItem(PENDING_PROMPT_KEY, prompt);
    else sessionStorage.removeItem(PENDING_PROMPT_KEY);
  } catch {
    // Storage can be blocked; the visitor then retypes the prompt, nothing else breaks.
  }
}

export function LandingHero() {
  const [prompt, setPrompt] = useState('');
  const promptRef = useRef<HTMLTextAreaElement>(null);

  function applyExample(text: string) {
    setPrompt(text);
    promptRef.current?.focus();
  }

  // A signed-in user goes on to create the integration, a visitor signs up first
  // and then lands there (ADR 006: /integrations/new, since /dashboard/new does not exist).
  async function generate() {
    rememberPrompt(prompt.trim());
    const user = await signedInUser();
    window.location.assign(
      user
        ? APP_PATHS.createIntegration
        : `${APP_PATHS.signup}?next=${APP_PATHS.createIntegration}`,
    );
  }

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="md" py={{ base: 48, sm: 80 }}>
        <Stack align="center" gap="lg" ta="center">
          <Badge variant="light" size="lg">
            Public beta
          </Badge>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            Describe an integration. Get code you own.
          </Title>
          <Text size="lg" c="dimmed" maw={680}>
            Patchbay turns a plain-language description into JavaScript that moves data from one web
            API to another. Review and edit the code, test it in a sandbox against the real APIs,
            then deploy it to a durable runtime with retries and saved state.
          </Text>
        </Stack>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt={40} shadow="md">
          <label htmlFor="hero-prompt" className={classes.promptLabel}>
            Describe your perfect integration in plain language
          </label>
          <textarea
            id="hero-prompt"
            ref={promptRef}
            className={classes.prompt}
            placeholder="Every 15 minutes, copy new customers from our billing API into the CRM as contacts…"
            value={prompt}
            onChange={(event) => setPrompt(event.currentTarget.value)}
            maxLength={PROMPT_MAX_LENGTH}
            rows={4}
          />
          <Text size="xs" c="dimmed" ta="right" mt={4}>
            {prompt.length}/{PROMPT_MAX_LENGTH}
          </Text>

          <Text size="sm" fw={500} mt="xs" mb={8} id="examples-label">
            Or start from an example:
          </Text>
          <Group gap="xs" role="group" aria-labelledby="examples-label">
            {EXAMPLE_PROMPTS.map((example) => (
              <Button
                key={example.label}
                variant="default"
                size="xs"
                radius="xl"
                onClick={() => applyExample(example.prompt)}
              >
                {example.label}
              </Button>
            ))}
          </Group>

          <Group justify="space-between" align="center" mt="xl" gap="md">
            <Text size="sm" c="dimmed">
              Free plan: {FREE_INTEGRATION_LIMIT} integrations, no credit card.{' '}
              <Anchor component={Link} to="/docs" size="sm" underline="always">
                Read the docs
              </Anchor>
            </Text>
            <Button size="md" onClick={() => void generate()}>
              Generate Integration
            </Button>
          </Group>
        </Paper>
      </Container>
    </section>
  );
}
