import { Container, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PublicTopBar } from '../components/public-top-bar.tsx';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

// A minimal, honest landing page (spec §2); the full page with prompt box, sections and
// pricing is its own issue and reuses PublicTopBar.
function LandingPage() {
  return (
    <>
      <PublicTopBar />
      <Container component="main" size="md" py={80}>
        <Title order={1} mb="md">
          Integration code you own, from a plain-language description
        </Title>
        <Text size="lg" c="dimmed">
          Patchbay turns a plain-language description into JavaScript integration code between a
          source API and a destination API. You review and edit the code, test it in a sandbox, and
          deploy it to a durable runtime with automatic retries and saved state.
        </Text>
      </Container>
    </>
  );
}
