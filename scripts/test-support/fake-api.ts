// A third-party API standing in on loopback (the network boundary): tests script its
// answers per "METHOD /path" and read back what it received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering (to keep a run in flight). */
  delayMs?: number;
}

type Route = FakeReply | ((request: ReceivedRequest) => FakeReply);

export interface FakeApi {
  url: string;
  received: ReceivedRequest[];
  /** Answers for `METHOD /path`; an array is consumed in order, its last entry repeating. */
  on(route: string, reply: Route | Route[]): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const routes = new Map<string, Route[]>();
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text || null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // keep the text
      }
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: Date.now(),
      };
      received.push(request);
      const queue = routes.get(`${request.method} ${request.path}`);
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      const reply =
        typeof next === 'function'
          ? next(request)
          : (next ?? {
              status: 404,
              json: { error: `no route ${request.method} ${request.path}` },
            });
      setTimeout(() => {
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    on: (route, reply) => routes.set(route, Array.isArray(reply) ? [...reply] : [reply]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
