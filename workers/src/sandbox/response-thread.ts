import { Worker } from 'node:worker_threads';
import { movable, type ResponseAnswer, type ResponseJob } from './response-body.ts';

// The response thread: one worker thread per sandbox pool turns response bodies
// into what the code receives (response-body.ts), so parsing, redacting and serialising a 5 MiB
// body never blocks the worker's main thread. Jobs run one after another in the order they
// come; each answer says the CPU it took, which counts against its run's response budget. The
// body moves here and the value back without a copy: the main thread holds neither as text.
//
// The thread runs response-worker.js: response-worker.ts bundled with what it imports, by
// runtime/scripts/build-runtime.ts. A thread that loads a .ts file loads Node's type stripper
// into its own V8 isolate: ~20 MiB more for the worker's whole life (ADR 039).

const THREAD_ENTRY = new URL('./response-worker.js', import.meta.url);

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
    const worker = new Worker(THREAD_ENTRY);
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
