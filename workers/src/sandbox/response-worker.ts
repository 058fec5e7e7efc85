import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { answerResponse, movable, type ResponseJob } from './response-body.ts';

// The response thread's side (response-thread.ts starts it): answers jobs one after another,
// in the order they come. Node runs response-worker.js, this file bundled with what it imports
// by runtime/scripts/build-runtime.ts, so the thread never loads the type stripper.

/**
 * How much nicer than the main thread this thread is, as the runners are (runner-process.ts): its
 * work is the runs', and must not take the cores from the main thread (ADR 012, addendum of
 * 2026-11-28). Linux keeps a nice value per thread; elsewhere this would lower the whole
 * process, so it is left as it is there.
 */
const THREAD_NICE = 10;

const port = parentPort;
if (!port) throw new Error("response-worker.js runs only as the sandbox pool's response thread");
// `0` names the calling thread: this one alone, on Linux.
if (process.platform === 'linux') os.setPriority(0, Math.min(19, os.getPriority(0) + THREAD_NICE));
port.on('message', ({ id, job }: { id: number; job: ResponseJob }) => {
  const answer = answerResponse(job);
  port.postMessage({ id, answer }, answer.ok ? movable(answer.value) : []);
});
