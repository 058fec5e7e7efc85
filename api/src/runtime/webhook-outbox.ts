// Starts the runs of accepted webhook events (ADR 047). The route keeps each delivery in
// webhook_events as `queued` and answers 202; this drainer starts the event's workflow afterwards
// and marks the row `started`. The workflow id comes from the event (ADR 021) and the start uses
// REJECT_DUPLICATE, so starting a row twice — after a kill -9 between the start and the mark, or
// from two API replicas draining at once — still makes one run.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { ZWebhookEvent, type TWebhookEvent } from '@patchbay/schema';
import { markWebhookEventsStarted, queuedWebhookEvents, type Sql } from '@patchbay/db';
import { WORKFLOW_NAMES, type workflows } from '@patchbay/workflows';

export interface WebhookStartDeps {
  temporal: Client;
  taskQueue: string;
}

/**
 * Starts an event's run (kind 'webhook', the event in its input). A workflow id already used,
 * even by a run that has closed, is refused by Temporal: that is a duplicate. Any other failure
 * (Temporal unreachable) throws.
 */
export async function startWebhookWorkflow(
  deps: WebhookStartDeps,
  integrationId: string,
  event: TWebhookEvent,
  workflowId: string,
): Promise<'started' | 'duplicate'> {
  try {
    await deps.temporal.workflow.start<typeof workflows.runIntegration>(
      WORKFLOW_NAMES.runIntegration,
      {
        taskQueue: deps.taskQueue,
        workflowId,
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [{ integrationId, kind: 'webhook', event }],
      },
    );
    return 'started';
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return 'duplicate';
    throw error;
  }
}

export interface WebhookOutbox {
  /** A delivery was just accepted: drain now rather than at the next poll. */
  wake(): void;
  /** Starts what is queued now; resolves with how many rows it read. */
  drainOnce(): Promise<number>;
  /** Finishes the pass under way, then stops. */
  stop(): Promise<void>;
}

export interface WebhookOutboxOptions {
  /** How often to look for rows nobody woke it for: another replica's, or a killed process's. */
  pollMs?: number;
  /** Rows read per pass. */
  batch?: number;
  /**
   * Starts in flight at once. Bounded: Temporal's start rate is the limit anyway, and a pass of
   * 100 at once would take the CPU the route needs to accept the next deliveries (8 started runs
   * at 22/s, 32 at 35/s with the same ingest rate; ADR 047).
   */
  concurrency?: number;
  /** Longest wait between passes while Temporal keeps failing. */
  maxBackoffMs?: number;
  /**
   * A woken pass waits until no delivery has been accepted for this long: during a burst the
   * starts, and the runs they set off in the worker, would take the CPU that accepting the next
   * deliveries needs (ADR 047). 0 starts at once.
   */
  quietMs?: number;
  /** ...but no longer than this after the first delivery it waits for, so runs start soon. */
  maxHoldMs?: number;
}

/** The drainer of one API process; started by main.ts (and by the test app). */
export function startWebhookOutbox(
  deps: WebhookStartDeps & { sql: Sql },
  options: WebhookOutboxOptions = {},
): WebhookOutbox {
  const {
    pollMs = 1000,
    batch = 100,
    concurrency = 32,
    maxBackoffMs = 30_000,
    quietMs = 50,
    maxHoldMs = 1000,
  } = options;
  let stopped = false;
  // Set by wake(); a pass clears it when it reads, so a wake during a pass means another pass.
  let woken = true;
  // The first wake since the last pass read, and the latest: the hold is measured from them.
  let firstWakeAt = 0;
  let lastWakeAt = 0;
  let interrupt: (() => void) | null = null;
  // While Temporal fails, deliveries must not cut the back-off short.
  let backingOff = false;

  /** Sleeps `ms`; wake() cuts it short only when `wakeable`, stop() always. */
  async function sleep(ms: number, wakeable: boolean): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      interrupt = () => {
        if (wakeable || stopped) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    interrupt = null;
  }

  /** Holds a woken pass back while deliveries keep arriving, up to maxHoldMs. */
  async function settle(): Promise<void> {
    for (;;) {
      const due = Math.min(lastWakeAt + quietMs, firstWakeAt + maxHoldMs);
      const now = performance.now();
      if (stopped || now >= due) return;
      await sleep(due - now, false);
    }
  }

  async function drainOnce(): Promise<number> {
    const rows = await queuedWebhookEvents(deps.sql, batch);
    const started: string[] = [];
    const failures: unknown[] = [];
    let next = 0;
    const startOne = async (row: (typeof rows)[number]) => {
      const input = ZWebhookEvent.safeParse(row.input);
      if (!input.success) {
        // Only the route writes these rows; a row it could not have written stays for a person.
        console.error(`webhook event row ${row.id} has no valid input:`, input.error.message);
        return;
      }
      try {
        // A duplicate here is this row's own workflow, started before a crash kept the mark.
        await startWebhookWorkflow(deps, row.integration_id, input.data, row.workflow_id);
        started.push(row.id);
      } catch (error) {
        failures.push(error);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
        // After a failure Temporal is likely down: the rest wait for the next pass.
        for (let row = rows[next++]; row !== undefined && failures.length === 0; row = rows[next++])
          await startOne(row);
      }),
    );
    await markWebhookEventsStarted(deps.sql, started);
    if (failures.length > 0) throw failures[0];
    return rows.length;
  }

  async function loop(): Promise<void> {
    let backoffMs = 0;
    while (!stopped) {
      let full = false;
      try {
        woken = false;
        full = (await drainOnce()) === batch;
        backoffMs = 0;
      } catch (error) {
        // Temporal or PostgreSQL is down: the rows stay queued and are started once it is back.
        backoffMs = Math.min(Math.max(backoffMs * 2, 500), maxBackoffMs);
        console.error(
          `webhook outbox: starting queued events failed; retrying in ${backoffMs} ms:`,
          error instanceof Error ? error.message : error,
        );
      }
      if (stopped) continue;
      if (backoffMs > 0) {
        backingOff = true;
        await sleep(backoffMs, false);
        backingOff = false;
      } else if (!full && !woken) {
        await sleep(pollMs, true);
      }
      // Woken (now or during the pass): wait for the deliveries to pause; a poll does not wait.
      if (woken) await settle();
    }
  }

  const running = loop();
  return {
    wake() {
      const now = performance.now();
      if (!woken) firstWakeAt = now;
      lastWakeAt = now;
      woken = true;
      if (!backingOff) interrupt?.();
    },
    drainOnce,
    async stop() {
      stopped = true;
      interrupt?.();
      await running;
    },
  };
}
