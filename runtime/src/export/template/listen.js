// Receives this integration's webhook and runs it once per event, with the event as ctx.event.
//
//   node listen.js        listen on PORT (default 8080), on every path; Ctrl-C stops
//
// Each delivery is checked as Patchbay checks it (runtime/webhooks.js is the same code): the
// signature first, by the scheme in patchbay.config.json (`webhook.signature`) with the secret in
// WEBHOOK_SIGNING_SECRET; then the body (JSON, form fields or text) and the event id. Answers:
//   200  the run succeeded, or the event already ran (a provider's redelivery: `duplicate: true`)
//   401  bad or missing signature          413  body over 1 MiB
//   409  the same event is running now      500  the run failed: the provider will deliver it again
// Runs never overlap (state.json is shared); deliveries wait their turn.

import { existsSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './runtime/config.js';
import { createAuth } from './runtime/credentials.js';
import { captureConsole, log } from './runtime/log.js';
import { describeError, runIntegration } from './runtime/run-integration.js';
import {
  MAX_WEBHOOK_BODY_BYTES,
  parseWebhookBody,
  verifySignature,
  visibleWebhookHeaders,
  webhookEventId,
} from './runtime/webhooks.js';

const projectDir = dirname(fileURLToPath(import.meta.url));
const stateFile = join(projectDir, 'state.json');

captureConsole();
const started = await start();
if (!started) process.exitCode = 1;

async function start() {
  let config, integration;
  try {
    const envFile = join(projectDir, '.env');
    if (existsSync(envFile)) process.loadEnvFile(envFile);
    config = await loadConfig(join(projectDir, 'patchbay.config.json'));
    createAuth('source', config.source, process.env);
    createAuth('destination', config.destination, process.env);
    if (!config.webhook) {
      throw new Error('patchbay.config.json has no webhook: this integration runs on a schedule');
    }
    if (config.webhook.signature.scheme !== 'none' && !process.env.WEBHOOK_SIGNING_SECRET) {
      throw new Error(
        `WEBHOOK_SIGNING_SECRET is not set: the ${config.webhook.signature.scheme} scheme checks every delivery with it (see .env.example)`,
      );
    }
    integration = (await import('./integration.js')).default;
    if (typeof integration !== 'function') {
      throw new Error('integration.js must `export default async function run(ctx)`');
    }
  } catch (error) {
    log.error(error.message);
    return false;
  }
  if (config.webhook.signature.scheme === 'none') {
    log.warn('the webhook has no signature scheme: anyone who knows the URL can start runs');
  }

  /** Event ids that ran successfully (this process's lifetime), and those running now. */
  const done = new Set();
  const running = new Set();
  let queue = Promise.resolve();

  const server = http.createServer((request, response) => {
    handle(request).then(
      ({ status, body }) => answer(response, status, body),
      (error) => {
        log.error(describeError(error));
        answer(response, 500, { message: 'Internal error' });
      },
    );
  });

  async function handle(request) {
    if (request.method !== 'POST') return { status: 405, body: { message: 'POST only' } };
    const raw = await readCapped(request);
    if (raw === null) {
      return {
        status: 413,
        body: { message: `Body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes` },
      };
    }
    const headers = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const { signature, eventIdPath } = config.webhook;
    const verdict = verifySignature({
      signature,
      secret: process.env.WEBHOOK_SIGNING_SECRET || null,
      headers,
      rawBody: raw,
    });
    if (!verdict.ok) {
      log.warn(`rejected a delivery: ${verdict.reason}`);
      return { status: 401, body: { message: `Signature check failed: ${verdict.reason}` } };
    }
    let body;
    try {
      body = parseWebhookBody(headers['content-type'], raw);
    } catch (error) {
      return { status: 400, body: { message: error.message } };
    }
    const eventId = webhookEventId(eventIdPath, headers, body, raw);
    if (done.has(eventId))
      return { status: 200, body: { accepted: true, duplicate: true, eventId } };
    if (running.has(eventId)) {
      return { status: 409, body: { message: 'This event is running now', eventId } };
    }
    running.add(eventId);
    const event = {
      id: eventId,
      receivedAt: new Date().toISOString(),
      headers: visibleWebhookHeaders(headers, signature),
      body,
    };
    const run = queue.then(() =>
      runIntegration({ integration, config, env: process.env, stateFile, event }),
    );
    queue = run.catch(() => undefined);
    try {
      const report = await run;
      if (report.status !== 'success') {
        return { status: 500, body: { accepted: false, eventId, error: report.error } };
      }
      done.add(eventId);
      return { status: 200, body: { accepted: true, eventId, data: report.data } };
    } finally {
      running.delete(eventId);
    }
  }

  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  await new Promise((resolve) => server.listen(port, host, resolve));
  log.info(`listening for webhook deliveries on http://${host}:${server.address().port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      log.info(`${signal}: stopping after the runs in progress`);
      server.close(() => process.exit(0));
    });
  }
  return true;
}

/** The body, or null once it passes the cap (counted while reading, whatever Content-Length says). */
async function readCapped(request) {
  if (Number(request.headers['content-length'] ?? 0) > MAX_WEBHOOK_BODY_BYTES) return null;
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_WEBHOOK_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
