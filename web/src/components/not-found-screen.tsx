import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../lib/use-page-meta.ts';

// Any path no route matches shows these two texts.
export function NotFoundScreen() {
  usePageMeta({
    title: 'Page not found — Patchbay',
    description: 'There is no page at this address.',
  });
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/" variant="default" mt="md">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
