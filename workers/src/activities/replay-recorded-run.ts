// Replays code against a recorded run (ADR 023). The sandbox answers every read from
// the recorded transcript and captures every write (RunSession with `replay`), so nothing is
// sent and no credential is used; the replay is recorded as a `replay` run, like a test run,
// and state is never committed.
import { ApplicationFailure, Context } from '@temporalio/activity';
import { ZReplayExecutionInput, type TReplayWrite, type TTranscriptEntry } from '@patchbay/schema';
import { parsePayload, type ReplayRunResult } from '@patchbay/workflows';
import { findRunOfIntegration, insertRunRecord } from '@patchbay/db';
import { placeCredential } from '@patchbay/runtime';
import { WriteCapture } from '../sandbox/dry-run.ts';
import { boundedForTemporal, toOutcome, type ExecuteDeps } from './execute-integration.ts';
import { loadIntegration, type LoadedIntegration } from './load-integration.ts';

export function createReplayRecordedRun(deps: ExecuteDeps) {
  return async function replayRecordedRun(payload: unknown): Promise<ReplayRunResult> {
    const input = parsePayload(ZReplayExecutionInput, payload, 'replayRecordedRun');
    const context = Context.current();
    const integration = await loadIntegration(deps.sql, deps.vault, input.integrationId);
    if (!integration)
      throw ApplicationFailure.nonRetryable(
        'The integration no longer exists',
        'IntegrationNotFound',
      );
    const recorded = await findRunOfIntegration(deps.sql, input.integrationId, input.recordedRunId);
    if (!recorded)
      throw ApplicationFailure.nonRetryable(
        `Run ${input.recordedRunId} of this integration no longer exists`,
        'RunNotFound',
      );
    const descriptions = {
      source: integration.source.description ?? undefined,
      destination: integration.destination.description ?? undefined,
    };

    const startedAt = new Date();
    const heartbeat = setInterval(() => context.heartbeat(), 2_000);
    const result = await deps.sandbox
      .run({
        code: input.code,
        source: connectionOf(integration.source),
        destination: connectionOf(integration.destination),
        // The state the recorded run started from is not kept: the replay reads today's.
        state: integration.state,
        run: { id: input.runId, attempt: 1, mode: 'test', scheduledAt: input.scheduledAt },
        allowPrivateNetwork: deps.allowPrivateNetwork,
        capture: { mode: 'dry-run', ...descriptions },
        event: input.event ?? null,
        replay: {
          recorded: recorded.requests,
          credentialParams: credentialParams(integration),
        },
      })
      .finally(() => clearInterval(heartbeat));
    const outcome = { ...toOutcome(result, 1), codeVersion: null };
    outcome.logs.push(
      `[info] replay of run ${input.recordedRunId}: reads answered from its recording, writes captured and not sent: ${outcome.summary ?? ''}`,
    );
    await insertRunRecord(deps.sql, { ...input, kind: 'replay' }, outcome, startedAt);
    return {
      outcome: boundedForTemporal(outcome),
      recordedWrites: recordedWrites(recorded.requests, integration),
    };
  };
}

/**
 * The writes the recorded run made, by the dry run's rule of what is a write (ADR 017), so
 * the two sides of the diff count the same calls. OAuth token requests are the host's, not
 * the code's: left out.
 */
export function recordedWrites(
  requests: TTranscriptEntry[],
  integration: Pick<LoadedIntegration, 'source' | 'destination'>,
): TReplayWrite[] {
  const capture = new WriteCapture(
    {
      mode: 'dry-run',
      source: integration.source.description ?? undefined,
      destination: integration.destination.description ?? undefined,
    },
    integration,
    requests.length,
  );
  const tokenUrls = new Set(
    [integration.source, integration.destination].flatMap((side) =>
      side.authConfig.tokenUrl ? [side.authConfig.tokenUrl] : [],
    ),
  );
  const writes: TReplayWrite[] = [];
  let previous: TTranscriptEntry | undefined;
  for (const entry of requests) {
    // A redirect's later hops are the same call: only the first hop of a chain is the code's.
    const followsRedirect =
      previous?.status !== undefined &&
      previous.status !== null &&
      previous.status >= 300 &&
      previous.status <= 399;
    previous = entry;
    if (followsRedirect) continue;
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      continue;
    }
    const role = roleOf(url, integration);
    // The host's token requests (a catalog token URL, too) are not the code's writes.
    const tokenRequest =
      tokenUrls.has(`${url.origin}${url.pathname}`) ||
      (role === null && /(^|&)grant_type=/.test(entry.requestBody ?? ''));
    if (tokenRequest) continue;
    const write = capture.recordedWrite(
      role,
      entry.method,
      url,
      entry.requestBody,
      headerValue(entry.requestHeaders, 'content-type'),
    );
    if (write) writes.push({ ...write, status: entry.status, schemaErrors: [] });
  }
  return writes;
}

/** Per origin, the query parameters each connection's credential goes in (an API key in the query). */
function credentialParams(
  integration: Pick<LoadedIntegration, 'source' | 'destination'>,
): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  for (const side of [integration.source, integration.destination]) {
    if (side.authType === 'none') continue;
    const names = Object.keys(placeCredential(side.authType, side.authConfig, 'x').query);
    const origin = new URL(side.baseUrl).origin;
    params[origin] = [...(params[origin] ?? []), ...names];
  }
  return params;
}

function roleOf(
  url: URL,
  integration: Pick<LoadedIntegration, 'source' | 'destination'>,
): 'source' | 'destination' | null {
  for (const role of ['destination', 'source'] as const) {
    const base = new URL(integration[role].baseUrl);
    const basePath = base.pathname.replace(/\/$/, '');
    if (
      url.origin === base.origin &&
      (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
    ) {
      return role;
    }
  }
  return null;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

function connectionOf(connection: LoadedIntegration['source']) {
  return {
    baseUrl: connection.baseUrl,
    authType: connection.authType,
    authConfig: connection.authConfig,
    secret: connection.secret,
  };
}
