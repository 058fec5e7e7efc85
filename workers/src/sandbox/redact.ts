import type { SandboxConnection } from './types.ts';
import { MIN_REDACTED_CHARS } from '@patchbay/schema/limits';

// Credential redaction for everything a run gives back (ADR 012): the transcript, logs,
// error messages and stacks, the data and the state changes. The sandbox knows every credential
// value of a run (the secrets, the basic-auth header value, OAuth access tokens it obtained), so
// it replaces each value wherever it appears, in any encoding an upstream may echo it back in: raw,
// percent-encoded in either case, form-encoded, JSON-escaped (`\/`, `\"`, `\uXXXX` in either case,
// for any of its characters) and as HTML entities.
//
// Two audiences:
// - `text` / `value`: what people see (transcript, logs, errors, data). Connection secrets and
//   OAuth tokens (access, refresh and id tokens, learned from the exchanges and recognised by
//   their field names) are replaced.
// - `textForCode` / `valueForCode`: what the integration code itself receives and keeps (response
//   bodies, state). Connection secrets are replaced; tokens the code obtained are left, since it
//   needs them to call the API.

export const REDACTED = '[REDACTED]';

/** Shorter values are never redacted; the API warns when one is saved. */
export { MIN_REDACTED_CHARS };

/** Deeper than this, a value is refused rather than walked (the host's stack is finite). */
const MAX_DEPTH = 256;

const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token'];
const TOKEN_FIELD = `(?:${TOKEN_FIELDS.join('|')})`;
/** `"refresh_token": "…"` in JSON text. */
const JSON_TOKEN = new RegExp(`("${TOKEN_FIELD}"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)(")`, 'g');
/** `refresh_token=…` in a form body, a query string or a fragment. */
const FORM_TOKEN = new RegExp(`((?:^|[?&#;\\s])${TOKEN_FIELD}=)([^&#\\s"'<>]+)`, 'g');

export class ValueTooDeepError extends RangeError {
  override name = 'ValueTooDeepError';
}

/** A hex number as a pattern matching either case: 2f → 2[fF]. */
function anyCaseHex(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

const JSON_SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const HTML_NAMED: Record<string, string[]> = {
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '"': ['&quot;'],
  "'": ['&apos;'],
  '/': ['&sol;'],
  '=': ['&equals;'],
  '+': ['&plus;'],
};

/** Every way one character (a code point) of a secret may be written in an echo. */
function characterPattern(char: string): string {
  const codePoint = char.codePointAt(0) as number;
  const forms = new Set<string>([escapeRegExp(char)]);
  forms.add([...Buffer.from(char, 'utf8')].map((byte) => `%${anyCaseHex(byte, 2)}`).join(''));
  const units = [];
  for (let i = 0; i < char.length; i++) units.push(`\\\\u${anyCaseHex(char.charCodeAt(i), 4)}`);
  forms.add(units.join(''));
  const short = JSON_SHORT_ESCAPES[char];
  if (short) forms.add(escapeRegExp(short));
  if (char === ' ') forms.add('\\+');
  forms.add(`&#0*${codePoint};`);
  forms.add(`&#[xX]0*${anyCaseHex(codePoint, 1)};`);
  for (const entity of HTML_NAMED[char] ?? []) forms.add(escapeRegExp(entity));
  return forms.size === 1 ? escapeRegExp(char) : `(?:${[...forms].join('|')})`;
}

function secretPattern(secret: string): string {
  return [...secret].map(characterPattern).join('');
}

/** One regular expression for many values, longest first so a value inside another goes whole. */
class NeedleSet {
  readonly #values: string[] = [];
  #pattern: RegExp | null = null;

  has(value: string): boolean {
    return this.#values.includes(value);
  }

  get values(): readonly string[] {
    return this.#values;
  }

  add(value: string): void {
    if (this.has(value)) return;
    this.#values.push(value);
    this.#values.sort((a, b) => b.length - a.length);
    this.#pattern = new RegExp(this.#values.map(secretPattern).join('|'), 'g');
  }

  replace(text: string): string {
    if (this.#pattern === null) return text;
    return text.replace(this.#pattern, REDACTED);
  }

  /** Whether any value appears in the text, in any of its forms. */
  foundIn(text: string): boolean {
    if (this.#pattern === null) return false;
    this.#pattern.lastIndex = 0;
    const found = this.#pattern.test(text);
    this.#pattern.lastIndex = 0;
    return found;
  }
}

export class Redactor {
  /** Connection secrets: redacted for every audience. */
  readonly #secrets = new NeedleSet();
  /** OAuth tokens seen in the run's exchanges: redacted in what people see. */
  readonly #tokens = new NeedleSet();
  readonly #warnings: string[] = [];

  /**
   * A Redactor for the code's audience only, from another's secretsForCode (the response thread
   * builds one from what the run's session sends it).
   */
  static forCode(secrets: readonly string[]): Redactor {
    const redactor = new Redactor();
    for (const secret of secrets) redactor.#secrets.add(secret);
    return redactor;
  }

  /** The values textForCode and valueForCode replace. */
  secretsForCode(): readonly string[] {
    return this.#secrets.values;
  }

  /** Why some credential of the run is shown as it is (too short to redact safely). */
  get warnings(): readonly string[] {
    return this.#warnings;
  }

  /**
   * Registers a credential value (and its trimmed form: servers trim header values before echoing
   * them). Returns false, with a warning when `label` names the credential, if it is too short to
   * redact.
   */
  add(secret: string | null | undefined, label?: string): boolean {
    if (!secret) return false;
    let added = false;
    for (const form of new Set([secret, secret.trim()])) {
      if (form.length < MIN_REDACTED_CHARS) continue;
      this.#secrets.add(form);
      added = true;
    }
    if (!added && label) {
      this.#warnings.push(
        `${label.charAt(0).toUpperCase()}${label.slice(1)} is shorter than ${MIN_REDACTED_CHARS} characters, ` +
          'so it is not hidden in the transcript, logs and data of its runs: use a longer credential if it is secret',
      );
    }
    return added;
  }

  /**
   * Registers the secret parts of a connection's credential. Basic auth: the password, or, when
   * the password is a placeholder too short to be secret (Freshdesk's `<api key>:X`), the user
   * name, which then holds the API key; and the encoded `user:password` always.
   */
  addConnection(
    role: 'source' | 'destination',
    connection: Pick<SandboxConnection, 'authType' | 'authConfig' | 'secret'>,
  ): void {
    const secret = connection.secret;
    if (connection.authType === 'none' || !secret) return;
    const label = `the ${role} credential`;
    if (connection.authType !== 'basic') {
      this.add(secret, label);
      return;
    }
    const username = connection.authConfig.username ?? '';
    this.add(Buffer.from(`${username}:${secret}`).toString('base64'));
    if (secret.trim().length >= MIN_REDACTED_CHARS) this.add(secret);
    else this.add(username, label);
  }

  /** Learns the OAuth tokens in a text (a token endpoint's answer, a refresh request). */
  learnTokens(text: string | null): void {
    if (!text || !/_token/.test(text)) return;
    for (const match of text.matchAll(JSON_TOKEN)) {
      try {
        this.#addToken(JSON.parse(`"${match[2]}"`) as string);
      } catch {
        this.#addToken(match[2] as string);
      }
    }
    for (const match of text.matchAll(FORM_TOKEN)) {
      const raw = match[2] as string;
      this.#addToken(raw);
      try {
        this.#addToken(decodeURIComponent(raw.replaceAll('+', ' ')));
      } catch {
        // A malformed escape: the raw form is registered.
      }
    }
  }

  #addToken(token: string): void {
    if (token.trim().length >= MIN_REDACTED_CHARS && !this.#secrets.has(token)) {
      this.#tokens.add(token);
    }
  }

  /** For people: secrets, known tokens and any OAuth token field's value. */
  text(value: string): string {
    let out = this.#tokens.replace(this.#secrets.replace(value));
    if (out.includes('_token')) {
      out = out
        .replace(
          JSON_TOKEN,
          (_all, head: string, _token, tail: string) => `${head}${REDACTED}${tail}`,
        )
        .replace(FORM_TOKEN, (_all, head: string) => `${head}${REDACTED}`);
    }
    return out;
  }

  /** For the integration code: connection secrets only. */
  textForCode(value: string): string {
    return this.#secrets.replace(value);
  }

  /** A deep copy of a JSON value with every string (keys too) redacted for people. */
  value(value: unknown): unknown {
    return this.#walk(value, 0, (text) => this.text(text), true);
  }

  /**
   * A deep copy of a JSON value with connection secrets redacted, for the code. Given the text
   * the value was parsed from, and no secret in it (raw or escaped: the patterns cover JSON's
   * escapes), the value itself: a large response costs the worker no copy.
   */
  valueForCode(value: unknown, parsedFrom?: string): unknown {
    if (parsedFrom !== undefined && !this.#secrets.foundIn(parsedFrom)) return value;
    return this.#walk(value, 0, (text) => this.textForCode(text), false);
  }

  #walk(value: unknown, depth: number, text: (value: string) => string, tokens: boolean): unknown {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth > MAX_DEPTH) throw new ValueTooDeepError(`nested more than ${MAX_DEPTH} levels deep`);
    if (Array.isArray(value)) return value.map((item) => this.#walk(item, depth + 1, text, tokens));
    // fromEntries defines properties, so a "__proto__" key stays an ordinary key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        text(key),
        tokens && TOKEN_FIELDS.includes(key) && typeof item === 'string'
          ? REDACTED
          : this.#walk(item, depth + 1, text, tokens),
      ]),
    );
  }
}

/** What ends a text cut at its cap (a replay refuses to answer with one, ADR 023). */
export const TRUNCATED = '…[truncated]';

/** Caps a text for the transcript or an error message, with a visible marker. */
export function capText(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}${TRUNCATED}` : text;
}
