// Generate, verify, repair (ADR 017): the generateCode workflow ends with a dry
// run of the code it is about to answer, against the integration's real connections. Reads go
// out; writes are captured and checked against the destination's description; nothing is saved
// and no run record is written (the code is not the integration's yet).
import {
  ZVerifyCodeInput,
  type TRunOutcome,
  type TVerifyCodeInput,
  type TVerifyCodeResult,
} from '@patchbay/schema';
import { parsePayload } from '@patchbay/workflows';
import { runCode, type ExecuteDeps } from './execute-integration.ts';
import { loadIntegration } from './load-integration.ts';

/** What the repair prompt carries of a failed run: enough to fix it, small enough to send. */
const TRANSCRIPT_CHARS = 12_000;
const BODY_CHARS = 1_500;

export function createVerifyGeneratedCode(deps: ExecuteDeps) {
  return async function verifyGeneratedCode(payload: TVerifyCodeInput): Promise<TVerifyCodeResult> {
    const input = parsePayload(ZVerifyCodeInput, payload, 'verifyGeneratedCode');
    const integration = await loadIntegration(deps.sql, deps.vault, input.integrationId);
    if (!integration) return skipped('the integration no longer exists');
    // Only connections that can authenticate prove anything: a read refused for want of a key
    // says nothing about the code.
    for (const [label, connection] of [
      ['source', integration.source],
      ['destination', integration.destination],
    ] as const) {
      if (connection.authType !== 'none' && !connection.secret) {
        return skipped(`the ${label} connection has no credential yet`);
      }
    }
    // A dry run always: code that is not the integration's never writes anywhere.
    const outcome = await runCode(deps, {
      integrationId: input.integrationId,
      integration,
      code: input.code,
      runId: input.runId,
      mode: 'test',
      scheduledAt: input.scheduledAt,
      event: null,
      testMode: 'dry-run',
    });
    return verdict(outcome);
  };
}

function skipped(reason: string): TVerifyCodeResult {
  return { status: 'skipped', summary: 'dry run: not run', reason };
}

/** Passed: the run succeeded and every captured write fits its operation's request schema. */
export function verdict(outcome: TRunOutcome): TVerifyCodeResult {
  const summary = `dry run: ${outcome.summary ?? 'no summary'}`;
  const schemaErrors = (outcome.captured ?? []).flatMap((write) =>
    write.schemaErrors.map((error) => `${write.method} ${write.path}: ${error}`),
  );
  let reason: string | undefined;
  if (outcome.status === 'failed') {
    const error = outcome.error;
    reason = error
      ? `${error.name}: ${error.message}${error.line ? ` (line ${error.line})` : ''}`
      : 'the run failed';
  } else if (schemaErrors.length > 0) {
    reason = `${schemaErrors.length} schema ${schemaErrors.length === 1 ? 'error' : 'errors'}: ${schemaErrors.slice(0, 3).join('; ')}`;
  }
  const writes = outcome.captured ?? [];
  if (reason === undefined && writes.length === 0 && (outcome.recordsRead ?? 0) > 0) {
    // A wrong write is worse than no write, but a silent "passed" on no write hides a misread
    // filter or mapping just as well: say the code was not verified.
    return {
      status: 'unverified',
      summary,
      reason: `the code read ${outcome.recordsRead} source ${outcome.recordsRead === 1 ? 'record' : 'records'} and would write none: check its filters`,
    };
  }
  if (reason === undefined && writes.length === 0 && outcome.requests.length === 0) {
    return {
      status: 'unverified',
      summary,
      reason: 'the code made no request, so the dry run proves nothing about it',
    };
  }
  if (reason === undefined) return { status: 'passed', summary };
  const error = outcome.status === 'failed' ? outcome.error : undefined;
  return {
    status: 'failed',
    summary,
    reason,
    ...(error
      ? {
          error: {
            name: error.name,
            message: error.message.slice(0, 2000),
            ...(error.line ? { line: error.line } : {}),
            ...(error.status === undefined ? {} : { status: error.status }),
          },
        }
      : {}),
    // A request that failed before an answer (no such host, refused) is in the transcript too.
    requestsAnswered: outcome.requests.filter((request) => request.status !== null).length,
    transcript: failureTranscript(outcome, reason),
  };
}

/**
 * The failing run as text for the LLM's repair round. Everything in it comes from the sandbox's
 * result, which is redacted (run-session.ts): no credential can ride along.
 */
export function failureTranscript(outcome: TRunOutcome, reason: string): string {
  const cut = (text: string | null | undefined, max = BODY_CHARS) =>
    text === null || text === undefined ? '' : text.length > max ? `${text.slice(0, max)}…` : text;
  const lines = [`The dry run failed: ${reason}`, `Summary: ${outcome.summary ?? ''}`, ''];
  lines.push('HTTP requests that were sent (reads):');
  for (const request of outcome.requests) {
    lines.push(`- ${request.method} ${request.url} → ${request.status ?? request.error ?? '?'}`);
    if (request.status !== null && (request.status < 200 || request.status > 299)) {
      lines.push(`  response: ${cut(request.responseBody)}`);
    }
  }
  const captured = outcome.captured ?? [];
  if (captured.length > 0) {
    lines.push('', 'Writes captured instead of sent, checked against the API description:');
    for (const write of captured) {
      lines.push(
        `- ${write.method} ${write.path}${write.operationId ? ` (${write.operationId})` : ''}: ${
          write.schemaErrors.length === 0 ? 'fits the schema' : write.schemaErrors.join('; ')
        }`,
      );
      if (write.schemaErrors.length > 0) lines.push(`  body: ${cut(JSON.stringify(write.body))}`);
    }
  }
  if (outcome.logs.length > 0) lines.push('', 'Last log lines:', ...outcome.logs.slice(-15));
  return cut(lines.join('\n'), TRANSCRIPT_CHARS);
}
