import { parseResponseBody } from '@patchbay/runtime';
import { Redactor } from './redact.ts';

// What the integration code receives for one response: the body parsed as the
// exported runtime parses it, connection secrets redacted, as JSON for the isolate, in UTF-8
// bytes ready for the reply channel (protocol.ts, ReplyHead). For a 5 MiB body that is about
// 100 ms of CPU in one block, so it runs on the response thread (response-thread.ts), never on
// the worker's main thread, which heartbeats, polls Temporal and serves every other run.

export interface ResponseJob {
  /** The body in the chunks it arrived in: joined here, off the main thread. */
  chunks: Uint8Array[];
  contentType: string;
  status: number;
  method: string;
  /** The URL without credentials, for error messages. */
  shownUrl: string;
  /** The connection secrets the code must not see (Redactor.secretsForCode). */
  secrets: readonly string[];
  /** An error answer: a body that is not the JSON it claims to be is given as text. */
  lenient: boolean;
  /** Where a read lists its items (the dry-run tally counts them); absent: counted as one. */
  itemsPath?: string;
}

export type ResponseAnswer = { cpuMs: number } & (
  | {
      ok: true;
      /** The value's JSON as UTF-8, in a buffer of its own, so it moves between threads uncopied. */
      value: Uint8Array;
      itemCount: number;
    }
  | { ok: false; error: { name: string; message: string } }
);

/** The items a list read returned: the array at `itemsPath` ('' for the answer itself), else 1. */
export function countItems(answer: unknown, itemsPath: string): number {
  const items = itemsPath
    .split('.')
    .filter((key) => key !== '')
    .reduce<unknown>(
      (node, key) =>
        typeof node === 'object' && node !== null && !Array.isArray(node)
          ? (node as Record<string, unknown>)[key]
          : undefined,
      answer,
    );
  return Array.isArray(items) ? items.length : 1;
}

const utf8 = new TextEncoder();

/** A Redactor per set of secrets: a run's set rarely changes, and compiling it is not free. */
let lastRedactor: { key: string; redactor: Redactor } | null = null;

function redactorFor(secrets: readonly string[]): Redactor {
  const key = secrets.join('\u0000');
  if (lastRedactor?.key !== key) lastRedactor = { key, redactor: Redactor.forCode(secrets) };
  return lastRedactor.redactor;
}

/**
 * `cpuMs` is this thread's CPU time, not the wall clock: on a busy machine the wall clock would
 * charge a run for the time other processes took.
 */
export function answerResponse(job: ResponseJob): ResponseAnswer {
  const started = process.threadCpuUsage();
  const cpuMs = () => {
    const used = process.threadCpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  try {
    const text = joined(job.chunks).toString('utf8');
    let answer: unknown;
    try {
      answer = parseResponseBody({ ...job, text });
    } catch (error) {
      if (!job.lenient) throw error;
      answer = text;
    }
    // The code's own view: tokens it asked for stay readable (redact.ts, two audiences).
    const value = utf8.encode(JSON.stringify(redactorFor(job.secrets).valueForCode(answer, text)));
    const itemCount = job.itemsPath === undefined ? 1 : countItems(answer, job.itemsPath);
    return { ok: true, value, itemCount, cpuMs: cpuMs() };
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    return { ok: false, error: { name, message }, cpuMs: cpuMs() };
  }
}

function joined(chunks: Uint8Array[]): Buffer {
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only) return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
  return Buffer.concat(chunks);
}

/**
 * The transfer list that moves these bytes to another thread: the memory of each that owns all
 * of its own. Any other is copied: its memory may hold others' bytes (Node's pool of small
 * buffers), which must stay usable here.
 */
export function movable(...parts: Uint8Array[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const bytes of parts) {
    const ownsItsMemory =
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength &&
      bytes.buffer instanceof ArrayBuffer;
    if (ownsItsMemory) buffers.add(bytes.buffer as ArrayBuffer);
  }
  return [...buffers];
}
