import { createFileRoute } from '@tanstack/react-router';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { LandingComparison } from './-components/landing-comparison.tsx';
import { LandingDifference } from './-components/landing-difference.tsx';
import { LandingHero } from './-components/landing-hero.tsx';
import { LandingHowItWorks } from './-components/landing-how-it-works.tsx';
import { LandingPricing } from './-components/landing-pricing.tsx';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

// The landing page: hero with the prompt box, the difference cards, the comparison table,
// pricing and the footer.
function LandingPage() {
  usePageMeta({
    title: 'Patchbay — integration code you own, from a plain-language description',
    description:
      'Describe an integration between two web APIs in plain language. Patchbay generates JavaScript you can read and edit, tests it in a sandbox and runs it on a durable runtime with retries and saved state.',
  });

  return (
    <PublicPageLayout>
      <LandingHero />
      <LandingDifference />
      <LandingHowItWorks />
      <LandingComparison />
      <LandingPricing />
    </PublicPageLayout>
  );
}
