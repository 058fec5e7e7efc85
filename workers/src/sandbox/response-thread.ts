import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { answerResponse, type ResponseAnswer, type ResponseJob } from './response-body.ts';

// The response thread: one worker thread per sandbox pool turns response bodies
// into what the code receives (response-body.ts), so parsing, redacting and serialising a 5 MiB
// body never blocks the worker's main thread. Jobs run one after another in the order they
// come; each answer says the CPU it took, which counts against its run's response budget.

const THREAD_MARK = 'patchbay-response-thread';

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
      const { body } = job;
      const ownsItsMemory =
        body.byteOffset === 0 &&
        body.byteLength === body.buffer.byteLength &&
        body.buffer instanceof ArrayBuffer;
      worker.postMessage({ id, job }, ownsItsMemory ? [body.buffer as ArrayBuffer] : []);
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

if (!isMainThread && workerData === THREAD_MARK && parentPort) {
  const port = parentPort;
  port.on('message', ({ id, job }: { id: number; job: ResponseJob }) => {
    port.postMessage({ id, answer: answerResponse(job) });
  });
}
