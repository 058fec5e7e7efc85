import type { TTranscriptEntry } from '@patchbay/schema';
import { RequestFailedError } from '@patchbay/runtime/network';
import { REDACTED, TRUNCATED } from './redact.ts';

// Replays (ADR 023), on the worker side of the sandbox like dry runs: RunSession
// answers every read of a replay from the recorded run's transcript instead of sending it.
// A read is matched by method, path and query; several reads of the same request get the
// recorded answers in the order they were recorded. Nothing is ever sent.

/** What a replay answers reads with: the recorded run's transcript (redacted, as stored). */
export interface ReplaySetup {
  recorded: TTranscriptEntry[];
  /**
   * Per origin, the query parameters the host adds as a credential (an API key in the query):
   * left out of the match even where the recording shows a key too short to be redacted.
   */
  credentialParams?: Record<string, string[]>;
}

/** A recorded answer: the final hop of the request (after any redirects). */
export type RecordedAnswer = TTranscriptEntry;

/**
 * The URL as it is matched: without query parameters that carry a credential (the recording
 * shows them as [REDACTED]; the code never adds them itself, the host does).
 */
function matchedUrl(url: URL, credentialParams: readonly string[] = []): string {
  return `${url.origin}${url.pathname}${searchWithoutCredentials(url, credentialParams)}`;
}

/**
 * The query without credentials the host adds: parameters the recording shows as [REDACTED],
 * and those named in `credentialParams`.
 */
export function searchWithoutCredentials(
  url: URL,
  credentialParams: readonly string[] = [],
): string {
  const kept = [...url.searchParams].filter(
    ([name, value]) => !value.includes(REDACTED) && !credentialParams.includes(name),
  );
  return kept.length === 0 ? '' : `?${new URLSearchParams(kept).toString()}`;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function isRedirect(entry: TTranscriptEntry): boolean {
  return entry.status !== null && entry.status >= 300 && entry.status <= 399;
}

/** "GET /v1/customers?page=2": what a message shows of a request (the whole URL for ctx.fetch). */
export function shownRequest(method: string, url: URL, withOrigin: boolean): string {
  return `${method} ${withOrigin ? url.origin : ''}${url.pathname}${url.search}`;
}

export class RecordedAnswers {
  /** Per "METHOD url" key, the answers not yet given, oldest first. */
  readonly #queues = new Map<string, RecordedAnswer[]>();
  readonly #credentialParams: Record<string, string[]>;

  constructor(setup: ReplaySetup) {
    this.#credentialParams = setup.credentialParams ?? {};
    const entries = setup.recorded;
    for (let index = 0; index < entries.length; index += 1) {
      const first = entries[index] as TTranscriptEntry;
      // A redirect chain is recorded hop by hop, one after the other: its answer is the last hop.
      let last = first;
      while (isRedirect(last) && index + 1 < entries.length) {
        index += 1;
        last = entries[index] as TTranscriptEntry;
      }
      const url = parseUrl(first.url);
      if (!url) continue;
      const key = `${first.method.toUpperCase()} ${this.#matched(url)}`;
      const queue = this.#queues.get(key) ?? [];
      queue.push(last);
      this.#queues.set(key, queue);
    }
  }

  /**
   * The next recorded answer to this request. `redact` is the run's redactor, so a secret the
   * code put in the URL matches the recording's [REDACTED]. Throws (not retryable) when the
   * recording has no (more) answers to it.
   */
  next(
    method: string,
    url: URL,
    redact: (text: string) => string,
    withOrigin: boolean,
  ): RecordedAnswer {
    const redacted = parseUrl(redact(url.href)) ?? url;
    const key = `${method.toUpperCase()} ${this.#matched(redacted)}`;
    const answer = this.#queues.get(key)?.shift();
    if (!answer) {
      throw new RequestFailedError(
        `no recorded answer for ${shownRequest(method, redacted, withOrigin)}: the recorded run did not make this request${this.#seen(key) ? ' this many times' : ''}`,
        false,
      );
    }
    return answer;
  }

  #matched(url: URL): string {
    return matchedUrl(url, this.#credentialParams[url.origin] ?? []);
  }

  #seen(key: string): boolean {
    return this.#queues.has(key);
  }
}

/**
 * The recorded answer as the response the code gets: its status, headers and body. A body
 * the recording cut at its cap cannot be answered faithfully: say so rather than give half.
 */
export function recordedResponse(
  answer: RecordedAnswer,
  method: string,
  url: URL,
): { status: number; headers: Record<string, string>; body: Buffer; url: URL } {
  if (answer.status === null) {
    throw new RequestFailedError(
      `${method} ${url.href} failed in the recorded run: ${answer.error ?? 'no response'}`,
      false,
    );
  }
  const body = answer.responseBody ?? '';
  if (body.endsWith(TRUNCATED)) {
    throw new RequestFailedError(
      `${method} ${url.href}: the recorded response was cut at the transcript's size cap, so it cannot be replayed`,
      false,
    );
  }
  return {
    status: answer.status,
    headers: Object.fromEntries(
      Object.entries(answer.responseHeaders).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    body: Buffer.from(body, 'utf8'),
    url,
  };
}
