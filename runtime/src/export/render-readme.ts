import { AUTH_TYPE_LABELS, CTX_CONTRACT_DTS, type TSchedule } from '@patchbay/schema';
import type { ExportConnection, ExportInput } from './build-export-zip.ts';
import {
  credentialVariable,
  oauthClientVariables,
  type ExportRole,
} from './credential-variables.ts';
import { oneLine } from './one-line.ts';

/** The exported project's README: what it is, how to run and schedule it, and the ctx API. */
export function renderReadme(input: ExportInput, folder: string): string {
  const name = oneLine(input.name);
  const schedule = input.schedule;
  const every =
    'everyMinutes' in schedule
      ? schedule.everyMinutes === 1
        ? 'minute'
        : `${schedule.everyMinutes} minutes`
      : null;
  const variables = (['source', 'destination'] as const)
    .flatMap((role) => [
      credentialVariable(role, input[role])?.name,
      ...oauthClientVariables(role, input[role]).map((variable) => variable.name),
    ])
    .filter((variable) => variable !== undefined);

  return `# ${name}

The integration **${name}**, exported from Patchbay on ${input.exportedAt.toISOString().slice(0, 10)}.
It is a plain Node.js project with no dependencies: it runs anywhere Node.js 20.12 or newer is
installed, without Patchbay and without \`npm install\`. The code is yours to read, change and run.

- Source: ${describeConnection('source', input.source)}
- Destination: ${describeConnection('destination', input.destination)}
- Schedule: ${'everyMinutes' in schedule ? `every ${every}` : `cron \`${schedule.cron}\` in ${schedule.timeZone}`}

## Run it

${credentialStep(variables)}
2. \`npm start\` (or \`node run.js\`) runs the integration once. It prints its log lines and the
   value \`run(ctx)\` returned (\`data: ...\`), then exits with 0 on success or 1 on failure.
   \`node run.js --report run.json\` also writes the run as JSON (status, data, logs, state
   changes, error), as Patchbay records it.

${connectedAccountsSection(input)}## Schedule it

${scheduleSection(schedule, every, folder)}

(cron's \`PATH\` rarely includes Node.js: \`command -v node\` prints the path to use.)
${input.webhook ? webhookSection(input.webhook) : ''}
## Files

| File                   | What it is                                                               |
| ---------------------- | ------------------------------------------------------------------------ |
| \`integration.js\`       | your integration code, as it was in Patchbay                             |
| \`run.js\`               | the entry point: reads \`.env\` and the config, runs \`integration.js\`      |
| \`runtime/\`             | the \`ctx\` your code receives: Patchbay's runtime and a \`fetch\` adapter  |
| \`integration-context.d.ts\` | the \`ctx\` contract, for your editor                                |
| \`patchbay.config.json\` | the two APIs (name, base URL, auth type and settings) and the schedule   |
| \`.env.example\`         | the credentials to provide                                               |
| \`state.json\`           | saved state, written by the first successful run that saves any          |

## What \`run(ctx)\` gets

The same \`ctx\` as on Patchbay: \`runtime/patchbay-runtime.js\` is the code Patchbay's sandbox
runs, and \`runtime/fetch-host.js\` sends its requests with \`fetch\`. The full contract, with every
option, is in \`integration-context.d.ts\` (\`/** @param {IntegrationContext} ctx */\` gives an
editor its completions).

${contractSummary()}

Here the credential comes from \`.env\`, \`ctx.run.attempt\` is always 1 and \`ctx.run.mode\` is
\`'deployed'\`; logs go to the terminal with a timestamp and a level, and the value \`run(ctx)\`
returns is printed as the run's data. \`HttpError\` and \`NonRetryableError\` can also be imported
from \`./runtime/patchbay-runtime.js\`.

## Saved state

\`ctx.state\` lives in \`state.json\` next to \`run.js\`. As on Patchbay, a run's writes are saved
only when it succeeds: a failed run changes nothing, so the next run starts again from the same
cursor. Edit or delete \`state.json\` to start over from an earlier point.

## Differences from Patchbay

- A failed run is not retried; the next scheduled run tries again from the saved state.
- The code runs as an ordinary Node.js process, not in a sandbox, and its logs go to the terminal
  (stdout and stderr) instead of the run history.
- Everything here is ordinary JavaScript. Change the runtime, add npm packages, or move the code
  into a project of your own: nothing ties it to Patchbay any more.
`;
}

function credentialStep(variables: string[]): string {
  if (variables.length === 0)
    return '1. Neither API needs a credential: there is nothing to set up.';
  const names = variables.map((variable) => `\`${variable}\``).join(' and ');
  return `1. Copy \`.env.example\` to \`.env\` and fill in ${names}.
   Credentials are not part of the export, since Patchbay never reveals them: use the ones you
   gave Patchbay, or new ones.`;
}

function describeConnection(role: ExportRole, connection: ExportConnection): string {
  const variable = credentialVariable(role, connection);
  const auth = AUTH_TYPE_LABELS[connection.authType];
  return (
    `${oneLine(connection.name)}, ${oneLine(connection.baseUrl)} (${auth}` +
    (variable ? `, credential in \`${variable.name}\`)` : ')')
  );
}

/** A crontab schedule for "every N minutes", the nearest cron can express. */
/** `npm run every` for an interval; the system's cron, in the schedule's zone, for a cron schedule. */
function scheduleSection(schedule: TSchedule, every: string | null, folder: string): string {
  const command = `cd /path/to/${folder} && flock -n .run.lock /path/to/node run.js >> run.log 2>&1`;
  if (!('everyMinutes' in schedule)) {
    return `It runs on the cron expression \`${schedule.cron}\` in the time zone ${schedule.timeZone}
(\`schedule\` in \`patchbay.config.json\`). Let cron start one run per tick (\`flock\` keeps runs
from overlapping; \`CRON_TZ\` is cronie's way to read the line in that zone, other crons need the
times converted):

\`\`\`
CRON_TZ=${schedule.timeZone}
${schedule.cron} ${command}
\`\`\`

\`npm run every\` needs an interval: set \`RUN_EVERY_MINUTES\` in the environment to use it.`;
  }
  return `\`npm run every\` (\`node run.js --every\`) keeps running it every ${every}, the interval in
\`patchbay.config.json\` (\`schedule.everyMinutes\`); \`RUN_EVERY_MINUTES\` in the environment
overrides it. Runs never overlap: when a run is still going at the next tick, that tick is skipped.
Ctrl-C stops after the current run.

Or let cron start one run per tick (\`flock\` keeps runs from overlapping):

\`\`\`
${cronLine(schedule.everyMinutes)} ${command}
\`\`\``;
}

function cronLine(minutes: number): string {
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return hours === 1 ? '0 * * * *' : hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/**
 * One line per member of IntegrationContext, taken from the shared contract (schema's
 * CTX_CONTRACT_DTS, the text the editor, the model and the docs use), so the README cannot
 * describe a ctx the runtime does not have.
 */
export function contractSummary(): string {
  const start = CTX_CONTRACT_DTS.indexOf('interface IntegrationContext {');
  const end = CTX_CONTRACT_DTS.indexOf('\n}', start);
  if (start < 0 || end < 0) throw new Error('CTX_CONTRACT_DTS has no IntegrationContext interface');
  const body = CTX_CONTRACT_DTS.slice(start, end);
  const members = [...body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(?:readonly\s+)?(\w+)(\()?/g)];
  return members
    .map(([, comment = '', name = '', call]) => {
      const text = comment
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, '').trim())
        .filter((line) => line !== '' && !line.startsWith('@'))
        .join(' ');
      return `- \`ctx.${name}${call ? '(...)' : ''}\`: ${text}`;
    })
    .join('\n');
}

/** How the exported project receives its webhook (listen.js). */
function webhookSection(webhook: NonNullable<ExportInput['webhook']>): string {
  const scheme = webhook.signature.scheme;
  const check =
    scheme === 'none'
      ? 'No signature scheme is configured, so every delivery is accepted: anyone who knows the URL can start a run. Set `webhook.signature` in `patchbay.config.json` if your provider signs its deliveries.'
      : `Every delivery's signature is checked first (the \`${scheme}\` scheme in \`webhook.signature\` of
\`patchbay.config.json\`, with \`WEBHOOK_SIGNING_SECRET\` from \`.env\`): a bad or missing one answers 401
and runs nothing. \`runtime/webhooks.js\` is the very code Patchbay checks signatures with.`;
  return `
## Receive its webhook

This integration runs on webhook events. \`npm run listen\` (\`node listen.js\`) listens on \`PORT\`
(default 8080) and runs \`integration.js\` once per event, with the event as \`ctx.event\`
(\`{ id, receivedAt, headers, body }\`, signature and auth headers removed). Point your provider's
webhook at this server (behind HTTPS in production), instead of Patchbay's URL.

${check}

It answers 200 once the run succeeded, and 200 with \`duplicate: true\` for an event that already
ran (the event id${webhook.eventIdPath ? ` is at \`${webhook.eventIdPath}\`` : ' is the SHA-256 of the body'}); a failed run answers 500, so the
provider delivers the event again. Unlike Patchbay, the listener remembers events only while it
runs and runs them one at a time. \`node run.js --event event.json\` runs once with an event from
a file, for trying the code out.
`;
}

/**
 * A connected account (the authorization code grant) is exported as its refresh token;
 * the project refreshes the access token itself and keeps a rotated refresh token.
 */
function connectedAccountsSection(input: ExportInput): string {
  const roles = (['source', 'destination'] as const).filter(
    (role) =>
      input[role].authType === 'oauth' && input[role].authConfig.grant === 'authorization_code',
  );
  if (roles.length === 0) return '';
  const names = roles
    .map((role) => `\`${credentialVariable(role, input[role])?.name ?? ''}\``)
    .join(' and ');
  return `## Connected accounts (OAuth 2.0)

On Patchbay you connected an account with the provider's consent page; Patchbay never reveals
its tokens. Here you supply a refresh token in ${names}: get one with the provider's
OAuth playground or your own authorization-code flow, using the same OAuth app (its client id
and secret go in the variables .env.example lists, and the app must allow the scopes the
integration uses). Each run trades the refresh token for an access token at the token URL in
\`patchbay.config.json\` (\`authConfig.tokenUrl\`), and again shortly before it expires.
Providers that rotate refresh tokens send a new one each time: it is kept in
\`.oauth-tokens.json\` (next to \`state.json\`, out of version control) and used from then on,
until you put a different refresh token in the environment. When the provider answers
\`invalid_grant\`, the run stops and says to get a new refresh token.

`;
}
