import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { answerResponse, type ResponseAnswer, type ResponseJob } from './response-body.ts';

// The response thread: one worker thread per sandbox pool turns response bodies
// into what the code receives (response-body.ts), so parsing, redacting and serialising a 5 MiB
// body never blocks the worker's main thread. Jobs run one after another in the order they
// come; each answer says the CPU it took, which counts against its run's response budget. The
// body moves here and the value back without a copy: the main thread holds neither as text.

const THREAD_MARK = 'patchbay-response-thread';
/**
 * How much nicer than the main thread this thread is, as the runners are (runner-process.ts): its
 * work is the runs', and must not take the cores from the main thread (ADR 012, addendum of
 * 2026-11-28). Linux keeps a nice value per thread; elsewhere this would lower the whole
 * process, so it is left as it is there.
 */
const THREAD_NICE = 10;

export class ResponseThread {
  #worker: Worker | null = null;
  #nextId = 0;
  readonly #pending = new Map<number, (answer: ResponseAnswer) => void>();

  /**
   * The job's answer. A body that owns its whole memory (as a received response's does) moves
   * to the thread without a copy and is unusable here afterwards; any other is copied.
   */
  answer(job: ResponseJob): Promise<ResponseAnswer> {
    const worker = this.#start();
    const id = this.#nextId++;
    // Referenced while it has work, so an idle thread never keeps the worker process alive.
    worker.ref();
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      worker.postMessage({ id, job }, movable(job.body));
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL(import.meta.url), { workerData: THREAD_MARK });
    worker.on('message', ({ id, answer }: { id: number; answer: ResponseAnswer }) => {
      const resolve = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      resolve?.(answer);
    });
    const failAll = (message: string) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, resolve] of this.#pending) {
        this.#pending.delete(id);
        resolve({ ok: false, error: { name: 'Error', message }, cpuMs: 0 });
      }
    };
    worker.on('error', (error) => failAll(`the response thread failed: ${error.message}`));
    worker.on('exit', () => failAll('the response thread stopped'));
    this.#worker = worker;
    return worker;
  }
}

/** The transfer list that moves `bytes` to another thread: empty if they share their memory. */
function movable(bytes: Uint8Array): ArrayBuffer[] {
  const ownsItsMemory =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer;
  return ownsItsMemory ? [bytes.buffer as ArrayBuffer] : [];
}

if (!isMainThread && workerData === THREAD_MARK && parentPort) {
  const port = parentPort;
  // `0` names the calling thread: this one alone, on Linux.
  if (process.platform === 'linux')
    os.setPriority(0, Math.min(19, os.getPriority(0) + THREAD_NICE));
  port.on('message', ({ id, job }: { id: number; job: ResponseJob }) => {
    const answer = answerResponse(job);
    port.postMessage({ id, answer }, answer.ok ? movable(answer.value) : []);
  });
}
