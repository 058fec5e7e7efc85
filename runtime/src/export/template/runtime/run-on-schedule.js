// `node run.js --every`: runs the integration every N minutes, like a deployed integration on
// Patchbay. Runs never overlap: a run that is still going when the next one is due makes the
// schedule skip that tick.

import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './log.js';

/**
 * Runs `runOnce` at once and then on every tick until `signal` aborts. A failed run is logged
 * by `runOnce` and does not stop the schedule.
 *
 * @param {object} schedule
 * @param {number} schedule.everyMinutes
 * @param {(scheduledAt: Date) => Promise<boolean>} schedule.runOnce
 * @param {AbortSignal} schedule.signal Stops the schedule; a run in progress finishes first.
 */
export async function runOnSchedule({ everyMinutes, runOnce, signal }) {
  const interval = everyMinutes * 60_000;
  let due = Date.now();
  log.info(`running every ${everyMinutes} minute(s); Ctrl-C stops after the current run`);
  while (!signal.aborted) {
    await runOnce(new Date(due));

    due += interval;
    const now = Date.now();
    if (due <= now) {
      const skipped = Math.floor((now - due) / interval) + 1;
      due += skipped * interval;
      log.warn(`the run took longer than the interval; skipped ${skipped} tick(s)`);
    }
    try {
      await sleep(due - now, undefined, { signal });
    } catch {
      // Aborted while waiting: stop now.
    }
  }
  log.info('stopped');
}
