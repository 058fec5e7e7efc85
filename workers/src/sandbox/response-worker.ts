import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ReplyChannels } from './reply-channels.ts';
import { answerResponse, type ResponseJob } from './response-body.ts';
import type { JobAnswer, ReplyRoute, ThreadRequest } from './response-thread.ts';

// The response thread's side (response-thread.ts starts it): answers jobs one after another,
// in the order they come, and writes the runners' reply frames (reply-channels.ts). Node runs
// response-worker.js, this file bundled with what it imports by runtime/scripts/build-runtime.ts,
// so the thread never loads the type stripper.

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

const channels = new ReplyChannels();

// Every message is handled in the order it came, so a runner's frames leave in the order the
// main thread asked for them, whichever thread made their text.
port.on('message', (request: ThreadRequest) => {
  switch (request.type) {
    case 'open':
      channels.open(request.channel, request.fd);
      return;
    case 'serve':
      channels.serve(request.channel, request.runId);
      return;
    case 'close':
      channels.close(request.channel);
      return;
    case 'reply':
      channels.write(request.channel, request.head, request.text);
      return;
    case 'job':
      port.postMessage({ id: request.id, answer: answerJob(request.job, request.route) });
      return;
  }
});

function answerJob(job: ResponseJob, route: ReplyRoute): JobAnswer {
  const answer = answerResponse(job);
  if (!answer.ok) return answer;
  const { channel, head, cpuBudgetMs } = route;
  // Past its budget a run fails (the pool ends it), and does not get this reply first.
  const written =
    channels.charge(channel, head.runId, answer.cpuMs, cpuBudgetMs) &&
    channels.write(channel, head, answer.value);
  return { ok: true, written, itemCount: answer.itemCount, cpuMs: answer.cpuMs };
}
