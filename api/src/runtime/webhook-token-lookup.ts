// The integration a webhook token names, looked up for every delivery (ADR 021, ADR 047). During
// a burst, one statement per delivery cost CPU in the API and in PostgreSQL, and every delivery
// of one webhook asked for the same row. Lookups asked while earlier ones are being read wait,
// then go together in one statement. Nothing is cached: each lookup is answered by a statement
// sent after it was asked, so a pause, rotation or deletion committed before a delivery arrived
// is seen by that delivery, by any replica, as with a statement of its own.
import { findIntegrationsByWebhookTokens, type IntegrationRow, type Sql } from '@patchbay/db';

interface Waiting {
  token: string;
  resolve: (row: IntegrationRow | undefined) => void;
  reject: (error: unknown) => void;
}

export interface WebhookTokenLookup {
  /** The integration whose webhook URL carries this token, or undefined. */
  find(token: string): Promise<IntegrationRow | undefined>;
}

export interface WebhookTokenLookupOptions {
  /** Statements in flight at once; more lookups wait for one of them to finish. */
  inFlight?: number;
  /** Lookups per statement at most. */
  maxLookups?: number;
}

export function createWebhookTokenLookup(
  sql: Sql,
  options: WebhookTokenLookupOptions = {},
): WebhookTokenLookup {
  const { inFlight = 2, maxLookups = 100 } = options;
  let waiting: Waiting[] = [];
  let sending = 0;

  async function send(group: Waiting[]): Promise<void> {
    try {
      const rows = await findIntegrationsByWebhookTokens(sql, [
        ...new Set(group.map((w) => w.token)),
      ]);
      const byToken = new Map(rows.map((row) => [row.webhook_token, row]));
      // Deliveries of one webhook share the row read for them; the route only reads it.
      for (const w of group) w.resolve(byToken.get(w.token));
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  }

  function flush(): void {
    while (sending < inFlight && waiting.length > 0) {
      const group = waiting.slice(0, maxLookups);
      waiting = waiting.slice(maxLookups);
      sending += 1;
      void send(group).finally(() => {
        sending -= 1;
        flush();
      });
    }
  }

  return {
    find(token) {
      return new Promise((resolve, reject) => {
        waiting.push({ token, resolve, reject });
        flush();
      });
    },
  };
}
