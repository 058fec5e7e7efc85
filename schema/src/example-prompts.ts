// Three realistic starting points for the landing page's prompt box, with the APIs they name
// (a test generates each over the catalog and expects no requirement missing). Each names the
// two APIs, what moves between them, the field mapping and how often, which is what a good
// prompt needs; the docs page says the same.

export interface ExamplePrompt {
  /** Short label on the button. */
  label: string;
  /** What the button puts in the prompt box. */
  prompt: string;
  /** The catalog entries of the APIs it names: source, then destination. */
  apis: readonly [string, string];
}

export const EXAMPLE_PROMPTS: readonly ExamplePrompt[] = [
  {
    label: 'Stripe customers → HubSpot contacts',
    apis: ['stripe', 'hubspot'],
    prompt:
      'Every 15 minutes, copy customers created in Stripe since the last run into HubSpot as contacts. Map email, name and phone, put the Stripe customer ID in a custom property called stripe_customer_id, and update the contact instead of creating a duplicate when the email already exists.',
  },
  {
    label: 'GitHub bug issues → Slack channel',
    apis: ['github', 'slack'],
    prompt:
      "Every 5 minutes, find issues opened in the GitHub repository acme/api with the label 'bug' since the last run and post each one to the Slack channel #eng-triage with its title, author, link and the first 200 characters of the description.",
  },
  {
    label: 'Shopify orders → Airtable rows',
    apis: ['shopify', 'airtable'],
    prompt:
      "Every hour, add Shopify orders paid since the last run to the Airtable base 'Sales', table 'Orders', one row per order with order number, total, currency, customer email and processed date. Skip orders that are already in the table.",
  },
];
