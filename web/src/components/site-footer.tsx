import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SUPPORT_MAILTO } from '../lib/site.ts';
import classes from './site-footer.module.css';

// The footer, link for link: Features and Pricing scroll to the landing page's sections;
// About, Our Story and Beta Program open /about (the last two at their sections); Privacy
// Policy, Terms of Service; Contact mails support.
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid component="nav" aria-label="Footer" cols={{ base: 2, sm: 4 }} spacing="lg">
          <FooterColumn title="Product">
            <Anchor component={Link} to="/" hash="features" className={classes.link}>
              Features
            </Anchor>
            <Anchor component={Link} to="/" hash="pricing" className={classes.link}>
              Pricing
            </Anchor>
          </FooterColumn>
          <FooterColumn title="Company">
            <Anchor component={Link} to="/about" className={classes.link}>
              About
            </Anchor>
            <Anchor component={Link} to="/about" hash="story" className={classes.link}>
              Our Story
            </Anchor>
            <Anchor component={Link} to="/about" hash="beta" className={classes.link}>
              Beta Program
            </Anchor>
          </FooterColumn>
          <FooterColumn title="Legal">
            <Anchor component={Link} to="/privacy" className={classes.link}>
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms" className={classes.link}>
              Terms of Service
            </Anchor>
          </FooterColumn>
          <FooterColumn title="Support">
            <Anchor href={SUPPORT_MAILTO} className={classes.link}>
              Contact
            </Anchor>
          </FooterColumn>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="xl">
          Patchbay (beta): integration code you can read, test and own.
        </Text>
      </Container>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
