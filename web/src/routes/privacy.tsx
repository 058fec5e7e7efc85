import { Anchor, List, Text } from '@mantine/core';
import {
  CLOSED_ACCOUNT_DAYS,
  formatDays,
  KEY_ROTATION_ADVICE_DAYS,
  RETENTION_DAYS,
} from '@patchbay/schema';
import { createFileRoute, Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/site.ts';
import { LegalPage, LegalSection } from './-components/legal-page.tsx';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

// The kinds of data kept, and every retention, security and age fact.
function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={
        'What Patchbay collects, why, who it is shared with, how credentials are protected (AES-256 at rest, TLS in transit) and how long each kind of data is kept.'
      }
      other={{ to: '/terms', label: 'Terms of Service' }}
    >
      <Text mt="lg">
        This policy explains what Patchbay collects when you use it, why, who sees it, how long we
        keep it and what you can do about it. “Patchbay”, “we” and “us” mean the team operating the
        Patchbay service. If your organisation runs its own copy of Patchbay, that organisation
        decides how your data is handled there.
      </Text>

      <LegalSection id="what-we-collect" title="1. What we collect">
        <List spacing="xs">
          <List.Item>
            <b>Account data:</b> your email address; your password, stored only as a one-way hash;
            your first and last name if you give them; payment information if you pay for Pro; and
            the date you created the account. If you sign in with Google, we also receive your
            Google account ID and whether Google has verified your email address.
          </List.Item>
          <List.Item>
            <b>Integration prompts:</b> the descriptions you write, with the names, base URLs and
            auth types of the APIs you connect.
          </List.Item>
          <List.Item>
            <b>Generated code:</b> the code Patchbay generates, your edits to it and its version
            history.
          </List.Item>
          <List.Item>
            <b>API credentials:</b> the keys, tokens and passwords you give us for your source and
            destination APIs.
          </List.Item>
          <List.Item>
            <b>Execution logs:</b> for every test and deployed run, its status, timing, result, what
            your code logged, and a transcript of its HTTP requests and responses with credentials
            removed.
          </List.Item>
          <List.Item>
            <b>Audit logs:</b> security-relevant actions on your account, such as sign-ins, password
            and credential changes, deployments and deletions, with their time and IP address.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="how-we-use-it" title="2. How we use it">
        <Text>
          We use this data to provide Patchbay: to sign you in, generate, store, test and run your
          integrations, show you what each run did, keep your account secure and answer your support
          requests. We do not sell your data and do not use it for advertising.
        </Text>
      </LegalSection>

      <LegalSection id="sharing" title="3. Who we share it with">
        <List spacing="xs">
          <List.Item>
            <b>The code generator.</b> When a language model is configured, your prompt and the API
            names, base URLs and auth types are sent to its provider so it can write the code. Your
            credentials are never sent to it.
          </List.Item>
          <List.Item>
            <b>The APIs you connect.</b> Your integrations send requests, with your credentials, to
            the APIs you configured. That is what you ask them to do.
          </List.Item>
          <List.Item>
            <b>Infrastructure providers</b> that host our servers and databases, under obligations
            to keep the data confidential and use it only to provide their service to us.
          </List.Item>
          <List.Item>
            <b>Authorities</b>, when the law requires it.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="security" title="4. How we protect it">
        <Text>
          API credentials are encrypted with AES-256 at rest and travel only over TLS in transit.
          They are decrypted only at the moment a request to your API is made, outside the sandbox
          that runs your code; they are never logged, never shown again in the browser and removed
          from run transcripts. All traffic between your browser and Patchbay uses TLS, and your
          session lives in a cookie that page scripts cannot read.
        </Text>
        <Text>
          You can help: give Patchbay keys with only the permissions an integration needs, and
          rotate them regularly. We recommend rotating keys every{' '}
          {formatDays(KEY_ROTATION_ADVICE_DAYS)}.
        </Text>
      </LegalSection>

      <LegalSection id="retention" title="5. How long we keep it">
        <List spacing="xs">
          <List.Item>
            Execution logs are kept for {formatDays(RETENTION_DAYS.runLogs)}, then deleted.
          </List.Item>
          <List.Item>
            Audit logs are kept for {formatDays(RETENTION_DAYS.auditLog)}, then deleted.
          </List.Item>
          <List.Item>
            Everything else is kept while your account is open, until you delete it.
          </List.Item>
        </List>
        <Text mt="md">When you close your account:</Text>
        <List spacing="xs">
          <List.Item>
            your API credentials are deleted within{' '}
            {formatDays(CLOSED_ACCOUNT_DAYS.credentialsDeletedWithin)} of closure;
          </List.Item>
          <List.Item>
            your generated code stays available for download for{' '}
            {formatDays(CLOSED_ACCOUNT_DAYS.codeAvailableFor)} after closure (write to us and we
            will send it);
          </List.Item>
          <List.Item>
            your account data is deleted within {formatDays(CLOSED_ACCOUNT_DAYS.dataDeletedWithin)}{' '}
            of closure.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="your-rights" title="6. Your choices">
        <Text>
          You can see and export your integrations’ code at any time, change your name and password,
          and close your account. To get a copy of the data we hold about you, correct your email
          address or ask us to delete something sooner, write to{' '}
          <Anchor href={SUPPORT_MAILTO} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection id="cookies" title="7. Cookies and browser storage">
        <Text>
          Patchbay sets one cookie, which keeps you signed in. Your browser also stores your light
          or dark theme choice, and while you sign up, the integration description you typed on the
          home page. There are no analytics or advertising cookies.
        </Text>
      </LegalSection>

      <LegalSection id="age" title="8. Minimum age">
        <Text>
          Patchbay is not for anyone under 18, and we do not knowingly collect data from them. If we
          learn that an account belongs to someone under 18, we close it and delete its data.
        </Text>
      </LegalSection>

      <LegalSection id="changes" title="9. Changes to this policy">
        <Text>
          When this policy changes, we update this page and its date. If a change affects how we use
          data you have already given us, we tell you by email before it takes effect. See also our{' '}
          <Anchor component={Link} to="/terms" underline="always">
            Terms of Service
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection id="contact" title="10. Contact">
        <Text>
          Questions about privacy go to{' '}
          <Anchor href={SUPPORT_MAILTO} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
