import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import type { SandboxConnection, SandboxRunInput } from './types.ts';

// Real HTTP servers on loopback for the sandbox's tests (ADR 005): they record exactly
// what arrived, so a test can check the header or parameter the sandbox sent.

export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (
  request: ReceivedRequest,
  response: http.ServerResponse,
) => void | Promise<void>;

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  received: ReceivedRequest[];
  close: () => Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      Promise.resolve(handler(request, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: http.ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** Answers with what arrived, so user code (and a careless log) sees any header echoed back. */
export const echo: Handler = (request, response) => json(response, 200, request);

export const NO_AUTH: SandboxConnection = {
  baseUrl: 'http://127.0.0.1:9',
  authType: 'none',
  authConfig: {},
  secret: null,
};

export function runInput(code: string, overrides: Partial<SandboxRunInput> = {}): SandboxRunInput {
  return {
    code,
    source: NO_AUTH,
    destination: NO_AUTH,
    state: {},
    run: { id: 'run-1', attempt: 1, mode: 'test', scheduledAt: '2026-01-01T00:00:00.000Z' },
    allowPrivateNetwork: true,
    ...overrides,
  };
}

export interface ThreadServer {
  origin: string;
  close: () => Promise<void>;
}

/**
 * A loopback API that answers every request with `body` as JSON (status 404 under /missing),
 * from a thread of its own: a test or bench that measures the worker's event loop then
 * measures the worker, not the vendor.
 */
export async function startServerThread(body: string): Promise<ThreadServer> {
  const thread = new Worker(
    `const http = require('node:http');
     const { parentPort, workerData } = require('node:worker_threads');
     const body = Buffer.from(workerData);
     const server = http.createServer((request, response) => {
       const status = request.url.startsWith('/missing') ? 404 : 200;
       response.writeHead(status, { 'content-type': 'application/json' });
       response.end(body);
     });
     // A run may wait its turn longer than Node's 5 s default before its next request on the
     // same kept-alive connection.
     server.keepAliveTimeout = 60_000;
     server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
    { eval: true, workerData: body },
  );
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  return { origin: `http://127.0.0.1:${port}`, close: () => thread.terminate().then(() => {}) };
}
