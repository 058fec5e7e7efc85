// superviseService on real child processes; backoff shortened so a crash loop
// takes milliseconds. The whole stack's restarts are in scripts/start.test.ts.
import { describe, expect, it } from 'vitest';
import { CRASH_LIMIT, spawnService, superviseService } from './processes.ts';

function nodeService(name: string, code: string) {
  return () => spawnService(name, process.execPath, ['-e', code], { onLine: () => {} });
}

describe('superviseService', () => {
  it('restarts a crashing service with growing backoff, and gives up at the fifth crash within a minute', async () => {
    const lines: string[] = [];
    const waits: number[] = [];
    const pids: number[] = [];
    const gaveUp = new Promise<string>((resolve) => {
      superviseService({
        name: 'worker',
        spawn: nodeService('worker', 'process.exit(3)'),
        onStart: (service) => pids.push(service.child.pid ?? 0),
        onGiveUp: resolve,
        log: (line) => lines.push(line),
        backoffMs: (crashes) => {
          waits.push(crashes);
          return 10 * crashes;
        },
      });
    });

    expect(await gaveUp).toBe(
      'patchbay: worker crashed 5 times within a minute (last: exit code 3); stopping everything. Its last lines are above.',
    );
    expect(CRASH_LIMIT).toBe(5);
    expect(new Set(pids).size).toBe(5);
    expect(waits).toEqual([1, 2, 3, 4]);
    expect(lines).toEqual([
      'patchbay: worker crashed (exit code 3); restarting it in 0.01 s (crash 1 this minute; the 5th stops everything).',
      'patchbay: worker crashed (exit code 3); restarting it in 0.02 s (crash 2 this minute; the 5th stops everything).',
      'patchbay: worker crashed (exit code 3); restarting it in 0.03 s (crash 3 this minute; the 5th stops everything).',
      'patchbay: worker crashed (exit code 3); restarting it in 0.04 s (crash 4 this minute; the 5th stops everything).',
    ]);
  });

  it('names the signal of a killed service, and restarts nothing once stopped', async () => {
    const lines: string[] = [];
    const supervised = superviseService({
      name: 'api',
      spawn: nodeService('api', 'setInterval(() => {}, 1000)'),
      onGiveUp: () => lines.push('gave up'),
      log: (line) => lines.push(line),
      backoffMs: () => 10,
    });
    const first = supervised.current();
    first.child.kill('SIGKILL');
    await first.exited;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines).toEqual([
      'patchbay: api crashed (killed by SIGKILL); restarting it in 0.01 s (crash 1 this minute; the 5th stops everything).',
    ]);
    const second = supervised.current();
    expect(second.child.pid).not.toBe(first.child.pid);

    await supervised.stop();
    expect(second.child.signalCode).toBe('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(supervised.current()).toBe(second);
    expect(lines).toHaveLength(1);
  });
});
