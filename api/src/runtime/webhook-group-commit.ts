// Group commit of accepted webhook deliveries (ADR 047). Each delivery must be committed to
// PostgreSQL before its 202; one statement and one commit per delivery cost CPU in the API and in
// PostgreSQL at every delivery of a burst. Deliveries that arrive while earlier ones are being
// written wait, then go together in one statement; each is answered only after that statement
// has committed its row. A quiet route sends each delivery at once, alone.
import { acceptWebhookEvents, type AcceptedWebhookEvent, type Sql } from '@patchbay/db';

interface Waiting {
  event: AcceptedWebhookEvent;
  resolve: (id: string | null) => void;
  reject: (error: unknown) => void;
}

export interface WebhookGroupCommit {
  /** Keeps the delivery: its row id, or null when its event was already accepted. */
  accept(event: AcceptedWebhookEvent): Promise<string | null>;
}

export interface WebhookGroupCommitOptions {
  /** Statements in flight at once; more deliveries wait for one of them to finish. */
  inFlight?: number;
  /** Rows per statement at most. */
  maxRows?: number;
}

export function createWebhookGroupCommit(
  sql: Sql,
  options: WebhookGroupCommitOptions = {},
): WebhookGroupCommit {
  const { inFlight = 2, maxRows = 100 } = options;
  let waiting: Waiting[] = [];
  let sending = 0;

  async function send(group: Waiting[]): Promise<void> {
    try {
      const ids = await acceptWebhookEvents(
        sql,
        group.map((w) => w.event),
      );
      group.forEach((w, i) => w.resolve(ids[i] ?? null));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One refused row refuses the statement: each row again on its own, so only that
      // delivery is refused and the others are kept and answered.
      await Promise.all(
        group.map((w) =>
          acceptWebhookEvents(sql, [w.event]).then(([id]) => w.resolve(id ?? null), w.reject),
        ),
      );
    }
  }

  function flush(): void {
    while (sending < inFlight && waiting.length > 0) {
      const group = waiting.slice(0, maxRows);
      waiting = waiting.slice(maxRows);
      sending += 1;
      void send(group).finally(() => {
        sending -= 1;
        flush();
      });
    }
  }

  return {
    accept(event) {
      return new Promise((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        flush();
      });
    },
  };
}
