// Credential redaction for everything a run gives back (DESIGN.md §7): the transcript, logs,
// error messages and stacks, the data and the state changes. The sandbox knows every credential
// value of a run (the secrets, the basic-auth header value, OAuth access tokens it obtained), so
// it replaces each value, in each encoding it could appear in, wherever it appears.

export const REDACTED = '[REDACTED]';

/** Deeper than this, a value is refused rather than walked (the host's stack is finite). */
const MAX_DEPTH = 256;

export class ValueTooDeepError extends RangeError {
  override name = 'ValueTooDeepError';
}

export class Redactor {
  #needles: string[] = [];

  /** Registers a credential value and its encoded forms (URL, form and JSON string). */
  add(secret: string | null | undefined): void {
    if (!secret) return;
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ]);
    for (const form of forms) {
      if (form !== '' && !this.#needles.includes(form)) this.#needles.push(form);
    }
    // Longest first, so a value that contains another is replaced whole.
    this.#needles.sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const needle of this.#needles) {
      if (out.includes(needle)) out = out.replaceAll(needle, REDACTED);
    }
    return out;
  }

  /** A deep copy of a JSON value with every string (keys too) redacted. */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth > MAX_DEPTH) throw new ValueTooDeepError(`nested more than ${MAX_DEPTH} levels deep`);
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1));
    // fromEntries defines properties, so a "__proto__" key stays an ordinary key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [this.text(key), this.value(item, depth + 1)]),
    );
  }
}

const TRUNCATED = '…[truncated]';

/** Caps a text for the transcript or an error message, with a visible marker. */
export function capText(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}${TRUNCATED}` : text;
}
