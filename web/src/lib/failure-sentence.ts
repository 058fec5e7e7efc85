// A failed test or run leads with one plain sentence: what failed, whose side it is
// likely on, and what to do next. The raw error, its class name and the workflow id go to a
// details area below it. Plain functions over the run error's name, message, status and line,
// so every case is tested without a browser.

export interface FailureInput {
  name: string;
  message: string;
  status?: number | undefined;
  line?: number | undefined;
}

/** The integration's two connections, to say which side a host belongs to. */
export interface FailureSides {
  source: { apiName: string; baseUrl: string };
  destination: { apiName: string; baseUrl: string };
}

export type FailureFix = 'source' | 'destination' | 'code' | null;

export interface FailureSentence {
  sentence: string;
  /** Where the fix is: a side's Edit connection panel, the editor, or nowhere of ours. */
  fix: FailureFix;
}

type Side = 'source' | 'destination';

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** The first http(s) URL in the message, e.g. HttpError's "GET https://x/y → 503". */
function urlIn(message: string): URL | null {
  const match = /https?:\/\/[^\s'"]+/.exec(message);
  if (!match) return null;
  try {
    return new URL(match[0]);
  } catch {
    return null;
  }
}

/** Which side the message is about: "ctx.destination: …", else the side whose host it names. */
function sideOf(message: string, host: string | null, sides?: FailureSides): Side | null {
  const named = /\bctx\.(source|destination)\b/.exec(message)?.[1];
  if (named === 'source' || named === 'destination') return named;
  if (!host || !sides) return null;
  const source = hostOf(sides.source.baseUrl) === host;
  const destination = hostOf(sides.destination.baseUrl) === host;
  // Both sides on one host (a test API on loopback) name no side.
  if (source === destination) return null;
  return source ? 'source' : 'destination';
}

/** "the HubSpot base URL" when the side is known, else "the base URL". */
function sideWords(side: Side | null, sides?: FailureSides): string {
  if (!side) return 'the';
  return sides ? `the ${sides[side].apiName} (${side})` : `the ${side}`;
}

/** A message as the end of a sentence: no trailing full stop of its own. */
function clause(message: string): string {
  return message.trim().replace(/[.\s]+$/, '');
}

export function failureSentence(error: FailureInput, sides?: FailureSides): FailureSentence {
  const message = clause(error.message);
  const url = urlIn(message);
  const host = url?.host ?? null;
  const side = sideOf(message, host, sides);
  const whose = sideWords(side, sides);
  const connectionFix: FailureFix = side;

  if (error.name === 'ConfigurationError' || /Edit connection/.test(message)) {
    if (/no credential is saved/.test(message)) {
      return {
        sentence: `${capitalise(whose)} connection has no credential saved, so Patchbay sent nothing. Add it in Edit connection.`,
        fix: connectionFix,
      };
    }
    return {
      sentence: `${capitalise(whose)} connection is not set up: ${stripCtx(message)}. Fix it in Edit connection.`,
      fix: connectionFix,
    };
  }
  if (error.name === 'ConnectionNeedsReconnect') {
    return {
      sentence: `${capitalise(whose)} account must be connected again: the provider no longer accepts its token. Reconnect it in Edit connection.`,
      fix: connectionFix,
    };
  }
  if (error.name === 'BlockedRequestError' || /blocked by the network guard/.test(message)) {
    const reason = /: \S+ (?:is|resolves to) (.+)$/.exec(message)?.[1];
    return {
      sentence: `Patchbay does not send requests to ${host ?? 'that address'}${reason ? `: it is ${reason}` : ''}. Use the API's public address in ${whose} base URL.`,
      fix: connectionFix,
    };
  }
  if (error.name === 'HttpError' || (error.status !== undefined && host)) {
    return httpSentence(error.status ?? 0, url, whose, connectionFix);
  }
  if (error.name === 'RequestFailedError' || / failed: /.test(message)) {
    const target = host ?? 'the API';
    if (/cannot resolve|ENOTFOUND|EAI_AGAIN/.test(message)) {
      return {
        sentence: `Patchbay could not reach ${target}: the name does not resolve. Check ${whose} base URL.`,
        fix: connectionFix,
      };
    }
    if (/ECONNREFUSED/.test(message)) {
      return {
        sentence: `Patchbay could not reach ${target}: nothing accepted the connection. Check ${whose} base URL, or whether that API is running.`,
        fix: connectionFix,
      };
    }
    if (/no response within/.test(message)) {
      const limit = /no response within ([\d.]+ s)/.exec(message)?.[1];
      return {
        sentence: `${target} did not answer within ${limit ?? 'the time limit'}: it is slow or down on its side. Deployed runs retry; test again later.`,
        fix: null,
      };
    }
    if (/the run ended first/.test(message)) {
      return {
        sentence: `The run ran out of time while waiting for ${target}. Make each run do less, for example fewer pages.`,
        fix: 'code',
      };
    }
    const reason = / failed: (.+)$/.exec(message)?.[1] ?? message;
    return {
      sentence: `Patchbay could not complete a request to ${target}: ${reason}. Check ${whose} base URL, or try again later.`,
      fix: connectionFix,
    };
  }
  if (error.name === 'TimeoutError') {
    return {
      sentence: `The code ran longer than a run may (${message}). Make each run do less, for example fewer pages per run.`,
      fix: 'code',
    };
  }
  if (error.name === 'NonRetryableError') {
    return { sentence: `The code stopped the run: ${message}.`, fix: null };
  }
  if (error.line !== undefined) {
    return {
      sentence: `The code failed at line ${error.line}: ${error.name && !message.startsWith(error.name) ? `${error.name}: ` : ''}${message}. Fix it in the editor and test again.`,
      fix: 'code',
    };
  }
  return { sentence: `The run failed: ${message}.`, fix: null };
}

function httpSentence(
  status: number,
  url: URL | null,
  whose: string,
  fix: FailureFix,
): FailureSentence {
  const host = url?.host ?? 'The API';
  const request = url ? ` to ${url.pathname}` : '';
  if (status === 401 || status === 403) {
    return {
      sentence: `${host} refused the credential (HTTP ${status}). Check ${whose} credential in Edit connection.`,
      fix,
    };
  }
  if (status === 404) {
    return {
      sentence: `${host} has nothing at ${url?.pathname ?? 'that path'} (HTTP 404). Check ${whose} base URL and the path the code calls.`,
      fix,
    };
  }
  if (status === 429) {
    return {
      sentence: `${host} is limiting requests (HTTP 429): a limit on its side that passes. Deployed runs wait and retry; test again later.`,
      fix: null,
    };
  }
  if (status >= 500) {
    return {
      sentence: `${host} failed on its side (HTTP ${status}). That is usually temporary: deployed runs retry it; test again later.`,
      fix: null,
    };
  }
  return {
    sentence: `${host} refused the request${request} (HTTP ${status}). Its answer in the Response tab says why; change what the code sends.`,
    fix: 'code',
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "ctx.source: the base URL x is not a valid URL" → "the base URL x is not a valid URL". */
function stripCtx(message: string): string {
  return message.replace(/^ctx\.(source|destination): /, '');
}

/**
 * Whether a run's requests all failed before an answer: none, or each refused, unresolved or cut
 * off (a transcript entry without a status). Such a run says nothing of what its code writes,
 * and nothing shows the integration can reach its APIs.
 */
export function noRequestGotThrough(requests: readonly { status: number | null }[]): boolean {
  return requests.every((request) => request.status === null);
}

/** The sides of an integration record, for failureSentence. */
export function failureSides(integration: {
  sourceApiName: string;
  sourceApiUrl: string;
  destApiName: string;
  destApiUrl: string;
}): FailureSides {
  return {
    source: { apiName: integration.sourceApiName, baseUrl: integration.sourceApiUrl },
    destination: { apiName: integration.destApiName, baseUrl: integration.destApiUrl },
  };
}
