import { Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export type GenerationStep = 'create' | 'generate' | 'save';

const STEPS: { step: GenerationStep; label: string }[] = [
  { step: 'create', label: 'Saving the integration' },
  { step: 'generate', label: 'Generating the code' },
  { step: 'save', label: 'Attaching the code' },
];

/**
 * What the create flow is doing right now (create, generate, save). Generation by a
 * model can take tens of seconds, so the elapsed time is shown and announced politely.
 */
export function GenerationProgress({ step }: { step: GenerationStep }) {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const current = STEPS.findIndex((item) => item.step === step);
  const seconds = Math.floor((now - startedAt) / 1000);

  return (
    <Paper withBorder radius="md" p="lg" role="status" aria-label="Generation progress">
      <Stack gap="sm">
        {STEPS.map((item, index) => (
          <Group key={item.step} gap="sm" wrap="nowrap">
            {index < current ? (
              <ThemeIcon color="green" variant="light" size={22} radius="xl" aria-hidden="true">
                <IconCheck size={14} />
              </ThemeIcon>
            ) : index === current ? (
              <Loader size={22} aria-hidden="true" />
            ) : (
              <ThemeIcon color="gray" variant="light" size={22} radius="xl" aria-hidden="true">
                <span />
              </ThemeIcon>
            )}
            <Text
              size="sm"
              fw={index === current ? 600 : 400}
              c={index > current ? 'dimmed' : undefined}
            >
              {item.label}
              {index === current ? '…' : ''}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed" aria-hidden="true">
          {seconds} s elapsed. An AI model can take up to a minute; please keep this page open.
        </Text>
      </Stack>
    </Paper>
  );
}
