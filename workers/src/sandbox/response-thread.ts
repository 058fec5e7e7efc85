import { Worker } from 'node:worker_threads';
import type { ReplyHead } from './protocol.ts';
import { movable, type ResponseJob } from './response-body.ts';

// The response thread: one worker thread per sandbox pool turns response bodies into what the
// code receives (response-body.ts), so parsing, redacting and serialising a 5 MiB body never
// blocks the worker's main thread, and writes every reply frame to the runners
// (reply-channels.ts), so the value never comes back here. Jobs run one after another in the
// order they come; each answer says the CPU it took, which counts against its run's response
// budget. The body's chunks move to the thread without a copy and are joined there.
//
// The thread runs response-worker.js: response-worker.ts bundled with what it imports, by
// runtime/scripts/build-runtime.ts. A thread that loads a .ts file loads Node's type stripper
// into its own V8 isolate: ~20 MiB more for the worker's whole life (ADR 039).

const THREAD_ENTRY = new URL('./response-worker.js', import.meta.url);

/** Where a job's reply goes: the frame the thread writes if the value is made in time. */
export interface ReplyRoute {
  channel: number;
  head: ReplyHead;
  /** The run's response budget (run-session.ts): past it the reply is not written. */
  cpuBudgetMs: number;
}

/** What the main thread asks of the response thread, handled in the order it is sent. */
export type ThreadRequest =
  | { type: 'open'; channel: number; fd: number }
  | { type: 'serve'; channel: number; runId: number | null }
  | { type: 'close'; channel: number }
  | { type: 'reply'; channel: number; head: ReplyHead; text: Uint8Array }
  | { type: 'job'; id: number; job: ResponseJob; route: ReplyRoute };

/**
 * A job's answer. `written`: the reply went to the runner; false when its run is over or past
 * its budget. A failed job wrote nothing: the main thread replies with the error.
 */
export type JobAnswer = { cpuMs: number } & (
  | { ok: true; written: boolean; itemCount: number }
  | { ok: false; error: { name: string; message: string } }
);

export class ResponseThread {
  #worker: Worker | null = null;
  #nextId = 0;
  #nextChannel = 1;
  /** Closed with its pool: nothing starts it again. */
  #closed = false;
  readonly #pending = new Map<number, (answer: JobAnswer) => void>();
  readonly #onStop: () => void;

  /** `onStop`: the thread stopped, and the reply channels it held with it. */
  constructor(onStop: () => void) {
    this.#onStop = onStop;
  }

  /**
   * A new reply channel, a FIFO whose reading end the runner holds already: the thread takes
   * over `fd`, its writing end.
   */
  openChannel(fd: number): number {
    const channel = this.#nextChannel++;
    this.#post({ type: 'open', channel, fd });
    return channel;
  }

  /** The run a channel's runner serves from now on; frames for any other are dropped. */
  serve(channel: number, runId: number | null): void {
    this.#post({ type: 'serve', channel, runId });
  }

  closeChannel(channel: number): void {
    if (this.#worker) this.#post({ type: 'close', channel });
  }

  /** A reply made here (an error, a captured write), after any the thread was asked for before. */
  reply(channel: number, head: ReplyHead, text: Uint8Array = new Uint8Array()): void {
    this.#post({ type: 'reply', channel, head, text });
  }

  /**
   * The job's answer; its reply goes to `route`. The chunks that own their whole memory (as a
   * received response's do) move to the thread without a copy and are unusable here afterwards.
   */
  answer(job: ResponseJob, route: ReplyRoute): Promise<JobAnswer> {
    if (this.#closed) {
      return Promise.resolve({ ok: false, error: { name: 'Error', message: 'closed' }, cpuMs: 0 });
    }
    const worker = this.#start();
    const id = this.#nextId++;
    // Referenced while it has work, so an idle thread never keeps the worker process alive.
    worker.ref();
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      const request: ThreadRequest = { type: 'job', id, job, route };
      worker.postMessage(request, movable(...job.chunks));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #post(request: ThreadRequest): void {
    if (!this.#closed) this.#start().postMessage(request);
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(THREAD_ENTRY);
    worker.unref();
    worker.on('message', ({ id, answer }: { id: number; answer: JobAnswer }) => {
      const resolve = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      resolve?.(answer);
    });
    let stopped = false;
    const stop = (message: string) => {
      if (stopped) return;
      stopped = true;
      const closing = this.#worker !== worker;
      if (!closing) this.#worker = null;
      for (const [id, resolve] of this.#pending) {
        this.#pending.delete(id);
        resolve({ ok: false, error: { name: 'Error', message }, cpuMs: 0 });
      }
      if (!closing) this.#onStop();
    };
    worker.on('error', (error) => stop(`the response thread failed: ${error.message}`));
    worker.on('exit', () => stop('the response thread stopped'));
    this.#worker = worker;
    return worker;
  }
}
