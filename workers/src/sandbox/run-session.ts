import http from 'node:http';
import https from 'node:https';
import { InvalidResponseError, resolveRequest } from '@patchbay/runtime';
import { formatBytes } from '@patchbay/schema/limits';
import {
  ConfigurationError,
  credentialsFor,
  TokenEndpointError,
  type OAuthTokenCache,
} from './connection-auth.ts';
import {
  guardedRequest,
  guardedRequestChunks,
  RequestFailedError,
  type ChunkedResponse,
  type HopEnd,
  type HopStart,
  type IncomingResponse,
  type OutgoingRequest,
  type RequestEnvironment,
} from '@patchbay/runtime/network';
import {
  BlockedRequestError,
  type LookupAll,
  type ResolvedTarget,
} from '@patchbay/runtime/network';
import {
  ZHttpCall,
  ZOutcome,
  type HttpCall,
  type RawError,
  type ReplyError,
  type ReplyHead,
} from './protocol.ts';
import { WriteCapture } from './dry-run.ts';
import { RecordedAnswers, recordedResponse } from './replay-answers.ts';
import { capText, Redactor } from './redact.ts';
import type { ResponseThread } from './response-thread.ts';
import type {
  LogEntry,
  LogLevel,
  SandboxError,
  SandboxLimits,
  SandboxRunInput,
  SandboxRunResult,
  TranscriptEntry,
} from './types.ts';
import { parseRetryAfter, toSandboxError } from './user-error.ts';

// The host side of one run (ADR 012): it answers the isolate's ctx calls with real
// HTTP (adding auth, under the network guard and the caps), keeps the transcript and the logs,
// and at the end turns the runner's report into a redacted SandboxRunResult.

/** Bodies kept in the transcript. */
const TRANSCRIPT_BODY_CHARS = 64 * 1024;
/** Kept at record time beyond the cap, so a credential cut by the cap is still whole when redacted. */
const REDACTION_MARGIN_CHARS = 16 * 1024;

export interface SessionOptions {
  tokenCache: OAuthTokenCache;
  /** Turns response bodies into what the code receives, off the main thread (the pool's). */
  responseThread: ResponseThread;
  /** The runner's reply channel (ResponseThread.openChannel) and the run it serves. */
  replies: { channel: number; runId: number };
  /** The worker CPU a run's responses may take (parse, redact, serialise); DEFAULT below. */
  responseCpuBudgetMs?: number;
  /** Tests only: see RequestEnvironment. */
  lookup?: LookupAll;
  connectTo?: (target: ResolvedTarget) => ResolvedTarget;
}

/**
 * The answer to a ctx call, as the pool sends it to the runner (protocol.ts, ReplyHead): the
 * value's JSON, or the error and its body's JSON, as UTF-8 bytes. `written`: the response
 * thread made the reply from a response and wrote it to the runner itself (unless the run was
 * over or past its budget), so a large value never comes back to this thread.
 */
export type CallReply =
  | { ok: true; value: Uint8Array }
  | { ok: false; error: ReplyError; body?: Uint8Array }
  | { ok: 'written' };

/** A response as the session passes it on: its body in the chunks it arrived in. */
type Received = Omit<ChunkedResponse, 'url'>;

const utf8 = new TextEncoder();

interface StoredHop extends Omit<HopStart, 'requestBody'>, Omit<HopEnd, 'responseBody'> {
  requestBody: string | null;
  responseBody: string | null;
  /** Still waiting for its response. */
  inFlight: boolean;
  startedAtMs: number;
}

/** A ctx call as resolved against the connections (the runtime's resolveRequest). */
interface ResolvedCall {
  role: 'source' | 'destination' | null;
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** As the code sent it, for the capture's classification. */
  text: string | null;
  body: Buffer | null;
}

/** The hops one host call made so far: a call that made none still counts one request. */
interface Charge {
  hops: number;
  /** The call's id, for its reply's head. */
  callId: number;
}

/**
 * How a run's calls are answered, one per mode, chosen when the session starts: `live` sends
 * every call; `capture` (a dry run, ADR 017) answers writes from the description and sends
 * reads; `replay` (ADR 023) answers writes so too and reads from a recording, so
 * nothing is sent.
 */
interface CallStrategy {
  answer(call: ResolvedCall, charge: Charge): Promise<CallReply>;
}

const KEEP_CHARS = TRANSCRIPT_BODY_CHARS + REDACTION_MARGIN_CHARS;
/**
 * The worker's own CPU, on its main thread, a run's responses may take: the
 * 100-request budget times a 5 MiB cap would otherwise let one run stall every other for seconds.
 */
export const DEFAULT_RESPONSE_CPU_BUDGET_MS = 5_000;

function keptText(body: Buffer | null): string | null {
  return body === null ? null : body.toString('utf8', 0, KEEP_CHARS * 4).slice(0, KEEP_CHARS);
}

/** The first `bytes` of a body in chunks, joining only those. */
function firstBytes(chunks: readonly Buffer[], bytes: number): Buffer {
  const first = chunks[0];
  if (first && first.length >= bytes) return first;
  const taken: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    if (size >= bytes) break;
    taken.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(taken);
}

/** Whether a body in chunks holds `needle` (ASCII), across a chunk's end too. */
function chunksInclude(chunks: readonly Buffer[], needle: string): boolean {
  let tail = '';
  for (const chunk of chunks) {
    const start = chunk.toString('latin1', 0, needle.length - 1);
    if ((tail + start).includes(needle) || chunk.includes(needle)) return true;
    tail = chunk.toString('latin1', Math.max(0, chunk.length - needle.length + 1));
  }
  return false;
}

/** A response read whole (a token endpoint's, a recorded one) as the session passes it on. */
function chunked({ body, ...rest }: IncomingResponse): Received {
  return { ...rest, chunks: [body] };
}

export class RunSession {
  readonly limits: SandboxLimits;
  readonly #input: SandboxRunInput;
  readonly #options: SessionOptions;
  readonly #redactor = new Redactor();
  readonly #abort = new AbortController();
  readonly #agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  readonly #started = performance.now();
  readonly #hops: StoredHop[] = [];
  readonly #logs: LogEntry[] = [];
  #logBytes = 0;
  #logsClosed = false;
  #requests = 0;
  #responseCpuMs = 0;
  /** Dry runs capture writes here; every run tallies its reads and writes (dry-run.ts). */
  readonly #capture: WriteCapture;
  /** Access tokens refreshed during the run, per side. */
  readonly #accessTokens = new Map<'source' | 'destination', string>();
  readonly #strategy: CallStrategy;

  constructor(input: SandboxRunInput, limits: SandboxLimits, options: SessionOptions) {
    this.#input = input;
    this.limits = limits;
    this.#options = options;
    const capture = input.capture ?? { mode: 'live' };
    // A replay captures every write, whatever it was asked: nothing of it may leave the machine.
    this.#capture = new WriteCapture(
      input.replay ? { ...capture, mode: 'dry-run' } : capture,
      input,
      limits.maxRequests,
    );
    this.#strategy = this.#strategyFor(input);
    this.#redactor.addConnection('source', input.source);
    this.#redactor.addConnection('destination', input.destination);
    // A connected account's refresh token and its app's client secret never show either.
    for (const value of input.source.redactAlso ?? []) this.#redactor.add(value);
    for (const value of input.destination.redactAlso ?? []) this.#redactor.add(value);
    // A credential too short to redact is shown as it is: say so where the user reads the run.
    for (const warning of this.#redactor.warnings) {
      this.#logs.push({ level: 'warn', message: warning, at: new Date().toISOString() });
    }
  }

  /** Answers one ctx.source / ctx.destination / ctx.fetch call. Never rejects. */
  async handleCall(callJson: string, callId: number): Promise<CallReply> {
    // Every host call counts against the request budget, refused ones too: a
    // call that reached the network counted each of its hops; one refused before that counts one.
    const charge = { hops: 0, callId };
    try {
      return await this.#handle(callJson, charge);
    } finally {
      if (charge.hops === 0) this.#requests += 1;
    }
  }

  /**
   * The code kept calling long after its budget was spent (a loop over refused calls): the pool
   * ends the run rather than answer it until the wall clock.
   */
  get overBudget(): string | null {
    if (this.#requests > 2 * this.limits.maxRequests) {
      return `Request limit exceeded: the run kept calling after its ${this.limits.maxRequests} requests`;
    }
    const budget = this.#responseCpuBudgetMs;
    if (this.#responseCpuMs > budget) {
      return `Response processing limit exceeded: the run's responses took more than ${budget} ms of the worker's CPU (fetch smaller pages)`;
    }
    return null;
  }

  get #responseCpuBudgetMs(): number {
    return this.#options.responseCpuBudgetMs ?? DEFAULT_RESPONSE_CPU_BUDGET_MS;
  }

  async #handle(callJson: string, charge: Charge): Promise<CallReply> {
    let call: HttpCall;
    try {
      call = ZHttpCall.parse(JSON.parse(callJson));
    } catch {
      return fail({
        name: 'TypeError',
        message: 'Malformed request from the sandbox',
        retryable: false,
      });
    }
    try {
      return await this.#perform(call, charge);
    } catch (error) {
      const reply = this.#callError(error);
      // What goes into the isolate never carries a credential, not even in a message.
      return fail({ ...reply, message: this.#redactor.text(reply.message) });
    }
  }

  async #perform(call: HttpCall, charge: Charge): Promise<CallReply> {
    const role = call.target === 'fetch' ? null : call.target;
    // The same checks and URL resolution as the exported runtime (@patchbay/runtime).
    const resolved = resolveRequest(call, {
      source: this.#input.source.baseUrl,
      destination: this.#input.destination.baseUrl,
    });
    const { method, url, headers } = resolved;
    const body = resolved.body === null ? null : Buffer.from(resolved.body);
    if (body !== null && body.length > this.limits.maxResponseBytes) {
      throw new RequestFailedError(
        `${method} ${url.href}: the request body is larger than ${formatBytes(this.limits.maxResponseBytes, 'MiB')}`,
        false,
      );
    }
    return this.#strategy.answer({ role, method, url, headers, text: resolved.body, body }, charge);
  }

  #strategyFor(input: SandboxRunInput): CallStrategy {
    const live: CallStrategy = { answer: (call, charge) => this.#send(call, charge) };
    if (input.replay) {
      const recorded = new RecordedAnswers(input.replay);
      const replay: CallStrategy = {
        answer: async (call, charge) =>
          this.#captured(call) ?? (await this.#answerFromRecording(recorded, call, charge)),
      };
      return replay;
    }
    if (this.#capture.mode === 'dry-run') {
      const capture: CallStrategy = {
        answer: async (call, charge) => this.#captured(call) ?? (await live.answer(call, charge)),
      };
      return capture;
    }
    return live;
  }

  /** A write answered from the description instead of being sent (dry runs and replays), or null. */
  #captured(call: ResolvedCall): CallReply | null {
    const captured = this.#capture.intercept(
      call.role,
      call.method,
      call.url,
      call.text,
      call.headers['content-type'],
    );
    if (!captured) return null;
    const json = JSON.stringify(this.#redactor.valueForCode(captured.response));
    return { ok: true, value: utf8.encode(json) };
  }

  /** Sends the call with its connection's credentials, under the network guard. */
  async #send(call: ResolvedCall, charge: Charge): Promise<CallReply> {
    const { role, method, url, headers, body } = call;
    const shownUrl = url.href;
    const connection = role ? this.#connection(role) : null;
    let auth: Awaited<ReturnType<typeof credentialsFor>>;
    try {
      auth =
        role && connection
          ? await credentialsFor(role, connection, {
              redactor: this.#redactor,
              tokenCache: this.#options.tokenCache,
              send: (request) => guardedRequest(request, this.#environment(charge)),
            })
          : undefined;
    } catch (error) {
      if (error instanceof TokenEndpointError)
        return await this.#httpError(
          chunked(error.response),
          'POST',
          error.response.url.href,
          charge,
        );
      if (error instanceof ConfigurationError) throw error;
      throw new RequestFailedError(
        `${method} ${shownUrl} failed: the OAuth token request failed: ${errorMessage(error)}`,
        isRetryableFailure(error),
      );
    }

    let response: Received;
    try {
      response = await guardedRequestChunks(
        { method, url, headers, body, ...(auth ? { credentials: auth.credentials } : {}) },
        this.#environment(charge),
      );
    } catch (error) {
      throw new RequestFailedError(
        `${method} ${shownUrl} failed: ${errorMessage(error)}`,
        isRetryableFailure(error),
      );
    }
    if (response.status === 401 && auth?.tokenKey) {
      // The cached token was refused: the next attempt asks for a new one.
      this.#options.tokenCache.evict(auth.tokenKey);
    }
    if (response.status === 401 && role && connection?.refreshAccessToken) {
      // The connected account's token was refused: a fresh one, and the request once more.
      response = await this.#retryWithFreshToken(role, { method, url, headers, body }, charge);
    }
    return this.#reply(call, response, charge);
  }

  /**
   * The recorded answer to a replay's read (ADR 023), as if it had been sent: in the
   * transcript, against the request budget, a non-2xx answer as the same HttpError.
   */
  async #answerFromRecording(
    recorded: RecordedAnswers,
    call: ResolvedCall,
    charge: Charge,
  ): Promise<CallReply> {
    const { role, method, url, headers } = call;
    this.#chargeHop(charge);
    const answer = recorded.next(method, url, (text) => this.#redactor.text(text), role === null);
    const response = recordedResponse(answer, method, url);
    this.#recordHop({
      method,
      url: url.href,
      requestHeaders: headers,
      requestBody: call.text,
      startedAt: new Date().toISOString(),
    })({
      status: response.status,
      responseHeaders: response.headers,
      responseBody: answer.responseBody,
      durationMs: 0,
    });
    return this.#reply(call, chunked(response), charge);
  }

  /** The code's answer to a call that got a response, sent or recorded: its value, or its HttpError. */
  async #reply(call: ResolvedCall, response: Received, charge: Charge): Promise<CallReply> {
    const { role, method, url, text } = call;
    if (response.status < 200 || response.status > 299)
      return await this.#httpError(response, method, url.href, charge);
    const contentType = call.headers['content-type'];
    const itemsPath = this.#capture.readItemsPath(role, method, url, text, contentType);
    const head = this.#head(charge, { ok: true });
    const { itemCount } = await this.#codeValue(response, method, url.href, head, { itemsPath });
    this.#capture.observe(role, method, url, text, contentType, itemCount);
    return { ok: 'written' };
  }

  #head(charge: Charge, outcome: { ok: true } | { ok: false; error: ReplyError }): ReplyHead {
    return { runId: this.#options.replies.runId, callId: charge.callId, ...outcome };
  }

  /**
   * The response as the code receives it (response-body.ts), made on the response thread, which
   * writes it to the runner under `head`: a large body must not stall the worker's main thread.
   * Its CPU counts against the run's response budget. `lenient`: an error answer whose body is
   * not the JSON it claims is text. The body's chunks move to the thread: `response` is not
   * read after this.
   */
  async #codeValue(
    response: Received,
    method: string,
    shownUrl: string,
    head: ReplyHead,
    options: { lenient?: boolean; itemsPath?: string | undefined },
  ): Promise<{ itemCount: number }> {
    const { channel } = this.#options.replies;
    const job = {
      chunks: response.chunks,
      contentType: response.headers['content-type'] ?? '',
      status: response.status,
      method,
      shownUrl,
      secrets: this.#redactor.secretsForCode(),
      lenient: options.lenient ?? false,
      ...(options.itemsPath === undefined ? {} : { itemsPath: options.itemsPath }),
    };
    const answer = await this.#options.responseThread.answer(job, {
      channel,
      head,
      cpuBudgetMs: this.#responseCpuBudgetMs,
    });
    this.#responseCpuMs += answer.cpuMs;
    if (answer.ok) return answer;
    const { name, message } = answer.error;
    if (name === 'InvalidResponseError') throw new InvalidResponseError(message);
    throw Object.assign(new Error(message), { name });
  }

  /** One more hop against the request budget, sent or answered from a recording. */
  #chargeHop(charge: Charge): void {
    charge.hops += 1;
    this.#requests += 1;
    if (this.#requests > this.limits.maxRequests) {
      throw new RequestFailedError(requestLimitMessage(this.limits), false);
    }
  }

  /** Adds a hop to the transcript, in flight; the function returned completes it. */
  #recordHop(
    start: Omit<HopStart, 'requestBody'> & { requestBody: string | null },
  ): (end: Omit<HopEnd, 'responseBody'> & { responseBody: string | null }) => void {
    const hop: StoredHop = {
      ...start,
      status: null,
      responseHeaders: {},
      responseBody: null,
      durationMs: 0,
      inFlight: true,
      startedAtMs: performance.now(),
    };
    this.#hops.push(hop);
    return (end) => Object.assign(hop, { ...end, inFlight: false });
  }

  /** The connection as requests use it now: an access token refreshed mid-run replaces the first. */
  #connection(role: 'source' | 'destination'): SandboxRunInput['source'] {
    const connection = this.#input[role];
    const token = this.#accessTokens.get(role);
    return token === undefined ? connection : { ...connection, secret: token };
  }

  /** After a 401, the host refreshes the account's token and sends the request again (ADR 024). */
  async #retryWithFreshToken(
    role: 'source' | 'destination',
    request: Omit<OutgoingRequest, 'credentials'>,
    charge: Charge,
  ): Promise<Received> {
    const connection = this.#connection(role);
    const refresh = connection.refreshAccessToken as (refused: string) => Promise<string>;
    let fresh: string;
    try {
      fresh = await refresh(connection.secret ?? '');
    } catch (error) {
      // The refresher's own errors say what to do (reconnect, or try later).
      if (error instanceof RequestFailedError) throw error;
      throw new RequestFailedError(`The token refresh failed: ${errorMessage(error)}`, true);
    }
    this.#redactor.add(fresh);
    this.#accessTokens.set(role, fresh);
    const auth = await credentialsFor(role, this.#connection(role), {
      redactor: this.#redactor,
      tokenCache: this.#options.tokenCache,
      send: (next) => guardedRequest(next, this.#environment(charge)),
    });
    try {
      return await guardedRequestChunks(
        { ...request, ...(auth ? { credentials: auth.credentials } : {}) },
        this.#environment(charge),
      );
    } catch (error) {
      throw new RequestFailedError(
        `${request.method} ${request.url.href} failed: ${errorMessage(error)}`,
        isRetryableFailure(error),
      );
    }
  }

  async #httpError(
    response: Received,
    method: string,
    shownUrl: string,
    charge: Charge,
  ): Promise<CallReply> {
    const error: ReplyError = {
      name: 'HttpError',
      message: `${method} ${shownUrl} → ${response.status}`,
      status: response.status,
      method,
      url: this.#redactor.textForCode(shownUrl),
    };
    const retryAfter = parseRetryAfter(response.headers['retry-after']);
    if ((response.status === 429 || response.status === 503) && retryAfter !== undefined) {
      error.retryAfterMs = retryAfter;
    }
    const head = this.#head(charge, { ok: false, error });
    await this.#codeValue(response, method, shownUrl, head, { lenient: true });
    return { ok: 'written' };
  }

  #environment(charge: Charge): RequestEnvironment {
    return {
      allowPrivateNetwork: this.#input.allowPrivateNetwork,
      maxResponseBytes: this.limits.maxResponseBytes,
      timeoutMs: this.limits.requestTimeoutMs,
      signal: this.#abort.signal,
      agents: this.#agents,
      ...(this.#options.lookup ? { lookup: this.#options.lookup } : {}),
      ...(this.#options.connectTo ? { connectTo: this.#options.connectTo } : {}),
      onAttempt: () => this.#chargeHop(charge),
      record: (start) => {
        // OAuth tokens in an exchange are hidden wherever they appear later.
        this.#redactor.learnTokens(start.url);
        this.#redactor.learnTokens(keptText(start.requestBody));
        const finish = this.#recordHop({ ...start, requestBody: keptText(start.requestBody) });
        return (end) => {
          const chunks = end.responseBody;
          // Joined and decoded only when a token field may be in it: most large bodies have none.
          if (chunks && chunksInclude(chunks, '_token')) {
            this.#redactor.learnTokens(Buffer.concat(chunks).toString('utf8'));
          }
          finish({ ...end, responseBody: chunks && keptText(firstBytes(chunks, KEEP_CHARS * 4)) });
        };
      },
    };
  }

  #callError(error: unknown): ReplyError {
    const message = errorMessage(error);
    if (error instanceof TypeError) return { name: 'TypeError', message, retryable: false };
    if (
      error instanceof ConfigurationError ||
      error instanceof BlockedRequestError ||
      error instanceof InvalidResponseError
    ) {
      return { name: 'Error', message, retryable: false };
    }
    if (error instanceof RequestFailedError)
      return { name: 'Error', message, retryable: error.retryable };
    return { name: 'Error', message, retryable: true };
  }

  addLog(level: LogLevel, message: string, at: string): void {
    if (this.#logsClosed) return;
    this.#logBytes += Buffer.byteLength(message) + 64;
    if (this.#logBytes > this.limits.maxLogBytes + 64 * 1024) {
      // The prelude caps the log; this is the host's own backstop.
      this.#logsClosed = true;
      this.#logs.push({
        level: 'warn',
        message: 'Log output truncated',
        at: new Date().toISOString(),
      });
      return;
    }
    this.#logs.push({ level, message, at });
  }

  /** The runner's report of a finished run. */
  complete(outcomeJson: string): SandboxRunResult {
    let outcome;
    try {
      outcome = ZOutcome.parse(JSON.parse(outcomeJson));
    } catch {
      return this.fail({
        name: 'SandboxError',
        message: 'The sandbox sent a malformed result',
        retryable: true,
      });
    }
    if (outcome.status === 'failed') {
      return this.#result('failed', null, toSandboxError(outcome.error, this.#redactor));
    }
    // The prelude enforces these sizes; the host does not take its word for it.
    const stateBytes = outcome.set.reduce((sum, [key, json]) => sum + key.length + json.length, 0);
    if (
      Buffer.byteLength(outcome.dataJson) > this.limits.maxDataBytes ||
      stateBytes > this.limits.maxDataBytes
    ) {
      const raw: RawError = {
        name: 'TypeError',
        message: 'The result of the run is too large',
        kind: 'result',
      };
      return this.#result('failed', null, toSandboxError(raw, this.#redactor));
    }
    try {
      const data = this.#redactor.value(JSON.parse(outcome.dataJson));
      const set = Object.fromEntries(
        outcome.set.map(([key, json]) => [
          // State is the code's own: a refresh token it keeps there must stay usable.
          this.#redactor.textForCode(key),
          this.#redactor.valueForCode(JSON.parse(json)),
        ]),
      );
      const deleted = outcome.deleted.map((key) => this.#redactor.textForCode(key));
      return this.#result('success', data, undefined, { set, deleted });
    } catch (error) {
      const raw: RawError = {
        name: 'TypeError',
        message: `run(ctx) must return a JSON value: ${errorMessage(error)}`,
        kind: 'result',
      };
      return this.#result('failed', null, toSandboxError(raw, this.#redactor));
    }
  }

  /** A failure the host saw: the wall clock, a crashed runner. */
  fail(error: SandboxError): SandboxRunResult {
    return this.#result('failed', null, {
      ...error,
      message: this.#redactor.text(error.message),
      ...(error.stack === undefined ? {} : { stack: this.#redactor.text(error.stack) }),
    });
  }

  #result(
    status: 'success' | 'failed',
    data: unknown,
    error?: SandboxError,
    stateChanges: SandboxRunResult['stateChanges'] = { set: {}, deleted: [] },
  ): SandboxRunResult {
    return {
      status,
      data,
      logs: this.#logs.map((entry) => ({ ...entry, message: this.#redactor.text(entry.message) })),
      requests: this.#hops.map((hop) => this.#transcriptEntry(hop)),
      stateChanges,
      ...(error ? { error } : {}),
      durationMs: Math.round(performance.now() - this.#started),
      ...this.#capture.report({
        text: (value) => this.#redactor.text(value),
        value: (value) => this.#redactor.value(value),
      }),
    };
  }

  #transcriptEntry(hop: StoredHop): TranscriptEntry {
    const text = (value: string) => this.#redactor.text(value);
    const headers = (values: Record<string, string>) =>
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, text(value)]));
    const bodyText = (value: string | null) =>
      value === null || value === '' ? null : capText(text(value), TRANSCRIPT_BODY_CHARS);
    return {
      method: hop.method,
      url: text(hop.url),
      requestHeaders: headers(hop.requestHeaders),
      requestBody: bodyText(hop.requestBody),
      status: hop.status,
      responseHeaders: headers(hop.responseHeaders),
      responseBody: bodyText(hop.responseBody),
      durationMs: hop.inFlight
        ? Math.round((performance.now() - hop.startedAtMs) * 10) / 10
        : hop.durationMs,
      startedAt: hop.startedAt,
      ...(hop.inFlight
        ? { error: 'no response before the run ended' }
        : hop.error === undefined
          ? {}
          : { error: text(hop.error) }),
    };
  }

  /** Ends everything the run started: requests in flight, kept-alive connections. */
  dispose(): void {
    this.#abort.abort();
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }
}

function requestLimitMessage(limits: SandboxLimits): string {
  return `request limit reached: a run may make at most ${limits.maxRequests} requests`;
}

function fail(error: ReplyError): CallReply {
  return { ok: false, error };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRetryableFailure(error: unknown): boolean {
  if (error instanceof BlockedRequestError || error instanceof ConfigurationError) return false;
  if (error instanceof RequestFailedError) return error.retryable;
  return true;
}
