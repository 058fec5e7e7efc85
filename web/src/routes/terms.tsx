import { Anchor, List, Text } from '@mantine/core';
import { CLOSED_ACCOUNT_DAYS, formatDays, KEY_ROTATION_ADVICE_DAYS } from '@patchbay/schema';
import { createFileRoute, Link } from '@tanstack/react-router';
import { FREE_INTEGRATION_LIMIT } from '../lib/pricing-plans.ts';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/site.ts';
import { LegalPage, LegalSection } from './-components/legal-page.tsx';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

// Age, plans, refunds, credential care, data after closure, the liability cap and small
// claims.
function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description={
        'The terms for using Patchbay: accounts, plans and refunds, your code and credentials, acceptable use, what happens when you close your account, liability and disputes.'
      }
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    >
      <Text mt="lg">
        These terms govern your use of Patchbay. “Patchbay”, “we” and “us” mean the team operating
        the Patchbay service; “you” means you and, if you use Patchbay for an organisation, that
        organisation.
      </Text>

      <LegalSection id="agreement" title="1. Agreement">
        <Text>
          By creating an account or using Patchbay you agree to these terms and to our{' '}
          <Anchor component={Link} to="/privacy" underline="always">
            Privacy Policy
          </Anchor>
          . If you do not agree, do not use Patchbay.
        </Text>
      </LegalSection>

      <LegalSection id="eligibility" title="2. Who can use Patchbay">
        <Text>
          You must be at least 18 years old. If you accept these terms for an organisation, you
          confirm that you may bind it to them.
        </Text>
      </LegalSection>

      <LegalSection id="account" title="3. Your account">
        <Text>
          Give accurate details, keep your password to yourself and tell us at once at{' '}
          <Anchor href={SUPPORT_MAILTO} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>{' '}
          if you think someone else has used your account. You are responsible for what happens
          under your account.
        </Text>
      </LegalSection>

      <LegalSection id="service" title="4. The service and the beta">
        <Text>
          Patchbay generates integration code from your descriptions, tests it in a sandbox and runs
          it on a schedule. It is in beta: features may change, and during the beta integrations are
          written in JavaScript for Node.js and target the current stable versions of the APIs they
          use.
        </Text>
        <Text>
          Generated code can be wrong. Review it and test it before you deploy it, and keep in mind
          that tests call the real APIs you configured.
        </Text>
      </LegalSection>

      <LegalSection id="your-code" title="5. Your content and code">
        <Text>
          You own your prompts, the code generated for you and your edits to it. You give us
          permission to store, process, run and display them only as needed to provide Patchbay to
          you. You can export your code at any time and use it anywhere.
        </Text>
      </LegalSection>

      <LegalSection id="credentials" title="6. API credentials and connected APIs">
        <Text>
          You may only connect APIs and move data that you are allowed to, and you must follow the
          terms of the APIs you connect. You are responsible for what your integrations do with
          them.
        </Text>
        <Text>
          We encrypt your credentials with AES-256 at rest and send them only over TLS in transit.
          Use credentials with the narrowest permissions that work, and rotate them regularly; we
          recommend every {formatDays(KEY_ROTATION_ADVICE_DAYS)}.
        </Text>
      </LegalSection>

      <LegalSection id="acceptable-use" title="7. Acceptable use">
        <Text>Do not use Patchbay to:</Text>
        <List spacing="xs">
          <List.Item>break the law or infringe anyone’s rights;</List.Item>
          <List.Item>
            send spam, or move data you are not allowed to collect, store or share;
          </List.Item>
          <List.Item>
            probe, scan or attack any network or system, or get around the sandbox and its network
            limits;
          </List.Item>
          <List.Item>place an unreasonable load on Patchbay or the APIs you connect.</List.Item>
        </List>
      </LegalSection>

      <LegalSection id="fees" title="8. Plans, fees and refunds">
        <Text>
          The Free plan costs $0, forever, and includes {FREE_INTEGRATION_LIMIT} integrations over
          the life of the account. The Pro plan costs $29 per month, paid in advance for each
          monthly period. During the beta, Pro is switched on for your account by us on request, and
          we agree the payment with you before anything is charged.
        </Text>
        <Text>
          Fees are generally not refundable, and we do not refund or credit partial periods,
          including when you downgrade or close your account partway through a month.
        </Text>
      </LegalSection>

      <LegalSection id="closure" title="9. Closing your account">
        <Text>
          You can close your account at any time. We may suspend or close an account that breaks
          these terms, and will tell you why unless the law prevents it. After closure:
        </Text>
        <List spacing="xs">
          <List.Item>
            your API credentials are deleted within{' '}
            {formatDays(CLOSED_ACCOUNT_DAYS.credentialsDeletedWithin)};
          </List.Item>
          <List.Item>
            your generated code stays available for download for{' '}
            {formatDays(CLOSED_ACCOUNT_DAYS.codeAvailableFor)} (write to us and we will send it);
          </List.Item>
          <List.Item>
            your account data is deleted within {formatDays(CLOSED_ACCOUNT_DAYS.dataDeletedWithin)}.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="disclaimer" title="10. Disclaimer">
        <Text>
          Patchbay is provided as is and, during the beta, as available. To the extent the law
          allows, we make no promise that it or the code it generates will be error-free or fit a
          particular purpose.
        </Text>
      </LegalSection>

      <LegalSection id="liability" title="11. Limitation of liability">
        <Text>
          To the extent the law allows, our total liability for all claims relating to Patchbay is
          limited to the amount you paid us in the 12 months before the claim or $100, whichever is
          less, and we are not liable for indirect or consequential losses such as lost profits or
          lost data.
        </Text>
      </LegalSection>

      <LegalSection id="disputes" title="12. Disputes">
        <Text>
          If something goes wrong, write to us first; most problems are solved that way. A dispute
          involving less than $10,000 may be brought in small claims court.
        </Text>
      </LegalSection>

      <LegalSection id="changes" title="13. Changes to these terms">
        <Text>
          When these terms change, we update this page and its date, and tell you by email before a
          significant change takes effect. Using Patchbay after that means you accept the new terms.
        </Text>
      </LegalSection>

      <LegalSection id="contact" title="14. Contact">
        <Text>
          Questions about these terms go to{' '}
          <Anchor href={SUPPORT_MAILTO} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
