// The integrations list as this process last served it to each account (ADR 027).
// An entry is good while the account's `integrations_revision`, read with the session on every
// request, still equals the one it was stored under: triggers move that counter in the same
// transaction as any write the list would show (schema/migrations/0014), so a hit is never
// older than what the caller could read from PostgreSQL itself.

/** What an entry costs besides its body: the Map slot, the key and the entry object. */
const ENTRY_OVERHEAD_BYTES = 256;

/** Up to `maxBytes` of kept lists, the least recently served dropped first. */
export class IntegrationListCache {
  readonly #entries = new Map<string, { revision: string; body: Uint8Array<ArrayBuffer> }>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  /** The body stored for this account at exactly this revision. */
  get(userId: string, revision: string): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.#entries.get(userId);
    if (!entry || entry.revision !== revision) return undefined;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    return entry.body;
  }

  /**
   * Stores a body read after `revision` was read. It may be newer than that revision, never
   * older, so serving it for that revision never goes back in time.
   */
  set(userId: string, revision: string, body: Uint8Array<ArrayBuffer>): void {
    // A slower request that read an older revision must not replace a newer list.
    const kept = this.#entries.get(userId);
    if (kept && BigInt(kept.revision) > BigInt(revision)) return;
    this.#drop(userId);
    if (cost(body) > this.maxBytes) return;
    this.#entries.set(userId, { revision, body });
    this.#bytes += cost(body);
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #drop(userId: string): void {
    const entry = this.#entries.get(userId);
    if (!entry) return;
    this.#entries.delete(userId);
    this.#bytes -= cost(entry.body);
  }
}

function cost(body: Uint8Array): number {
  return body.length + ENTRY_OVERHEAD_BYTES;
}
