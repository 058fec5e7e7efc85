// A real HTTP server on loopback that speaks the OpenAI chat-completions protocol (ADR 013,
// ADR 005), so the openai package is exercised end to end: its request encoding, headers, error
// classes and timeouts. Each test scripts the answers it wants and reads back what was sent.
//
//   const llm = await startFakeOpenAIServer();
//   llm.enqueue(completion('```js\nexport default async function run(ctx) {}\n```'));
//   // ... point OPENAI_BASE_URL at llm.baseURL ...
//   expect(llm.requests[0]?.body).toMatchObject({ model: 'gpt-test' });
//   await llm.close();
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer. */
export interface FakeResponse {
  /** HTTP status. Default 200. */
  status?: number;
  /** JSON body (a string is sent as it is). */
  body?: unknown;
  /** Extra response headers, e.g. retry-after. */
  headers?: Record<string, string>;
  /** Wait this long before answering; a client that gives up first just disconnects. */
  delayMs?: number;
}

/** What the server received. */
export interface RecordedRequest {
  method: string;
  /** The path with its query string, e.g. '/v1/chat/completions'. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as sent. */
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface FakeOpenAIServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** `${url}/v1`, the value for OPENAI_BASE_URL. */
  readonly baseURL: string;
  /** Every chat-completions request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Queue answers for the next chat-completions requests, in order. */
  enqueue(...responses: FakeResponse[]): void;
  /** Answers queued but not used yet. */
  pending(): number;
  /** Forget the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeOpenAIServerOptions {
  /**
   * The answer when the queue is empty. Default: a 500 naming the problem, so a test that
   * forgot to script an answer fails loudly.
   */
  fallback?: FakeResponse | ((request: RecordedRequest) => FakeResponse);
  /** Added before every answer, e.g. 200 ms for a realistic benchmark. */
  latencyMs?: number;
  /** The model named in answers that do not set one. Default: the model the request asked for. */
  model?: string;
}

const CHAT_PATHS = new Set(['/v1/chat/completions', '/chat/completions']);

export async function startFakeOpenAIServer(
  options: FakeOpenAIServerOptions = {},
): Promise<FakeOpenAIServer> {
  const queue: FakeResponse[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const pathname = path.split('?')[0] ?? '/';
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        rawBody,
        body: parseJson(rawBody),
      };

      let response: FakeResponse;
      if (req.method === 'GET' && (pathname === '/v1/models' || pathname === '/models')) {
        response = { body: { object: 'list', data: [{ id: options.model ?? 'gpt-test' }] } };
      } else if (req.method !== 'POST' || !CHAT_PATHS.has(pathname)) {
        response = openAIError(404, `fake-openai-server: no route for ${req.method} ${path}`);
      } else {
        requests.push(recorded);
        const next = queue.shift();
        const fallback =
          typeof options.fallback === 'function' ? options.fallback(recorded) : options.fallback;
        response = next ??
          fallback ?? {
            status: 500,
            body: {
              error: {
                message: 'fake-openai-server: no response queued for this request',
                type: 'server_error',
              },
            },
          };
        counter += 1;
        response = withDefaults(response, recorded, counter, options.model);
      }

      const delay = (options.latencyMs ?? 0) + (response.delayMs ?? 0);
      const send = () => {
        if (res.destroyed) return;
        const text =
          typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? {});
        res.writeHead(response.status ?? 200, {
          'content-type': 'application/json',
          ...response.headers,
        });
        res.end(text);
      };
      if (delay <= 0) return send();
      const timer = setTimeout(send, delay);
      // The client gave up (its timeout): drop the answer instead of writing to a dead socket.
      res.on('close', () => clearTimeout(timer));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    pending: () => queue.length,
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A successful chat completion whose answer is `content`. */
export function completion(
  content: string | null,
  options: {
    model?: string;
    finishReason?: string;
    refusal?: string | null;
    delayMs?: number;
  } = {},
): FakeResponse {
  return {
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    body: {
      object: 'chat.completion',
      ...(options.model === undefined ? {} : { model: options.model }),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: options.refusal ?? null },
          finish_reason: options.finishReason ?? 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    },
  };
}

/** An error in OpenAI's shape: `{ error: { message, type, code } }`. */
export function openAIError(
  status: number,
  message: string,
  options: { type?: string; code?: string | null; headers?: Record<string, string> } = {},
): FakeResponse {
  return {
    status,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    body: {
      error: {
        message,
        type: options.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: null,
        code: options.code ?? null,
      },
    },
  };
}

/** Fills in the id, created and model of a successful completion, as a real server would. */
function withDefaults(
  response: FakeResponse,
  request: RecordedRequest,
  counter: number,
  model: string | undefined,
): FakeResponse {
  const status = response.status ?? 200;
  const body = response.body;
  if (status !== 200 || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return response;
  }
  const asked = (request.body as { model?: unknown } | undefined)?.model;
  return {
    ...response,
    body: {
      id: `chatcmpl-fake-${counter}`,
      created: Math.floor(Date.now() / 1000),
      model: model ?? (typeof asked === 'string' ? asked : 'gpt-test'),
      ...body,
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
