import { FREE_INTEGRATION_LIMIT } from '@patchbay/schema';
// The static pricing plans. The landing page's pricing
// section and /pricing both render this list, so the two can never disagree.

export interface PricingPlan {
  /** Stable key, matching the account's `plan` (schema `ZPlan`). */
  id: 'free' | 'pro';
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
  /** Short marketing label shown on the card, or null. */
  savings: string | null;
}

/** The free-tier limit dialog's figure: 5 integrations, counted over the account's life. */
export { FREE_INTEGRATION_LIMIT };

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'Build and run your first integrations on real APIs.',
    features: [
      `${FREE_INTEGRATION_LIMIT} integrations (lifetime)`,
      'All API types',
      'Community support',
      'Code visibility and export',
      'Sandbox testing',
      'No credit card required',
    ],
    popular: false,
    savings: null,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$29',
    period: 'per month',
    description: 'For teams whose integrations run the business.',
    features: [
      'Unlimited automations and events',
      'No task overages',
      '99.99% uptime',
      'Durable execution',
      'Code ownership and export',
      'Priority support',
    ],
    popular: true,
    savings: 'Save 80% vs. per-task automation platforms',
  },
];
