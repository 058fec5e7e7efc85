// Headers for the sandbox (ADR 030), after the Fetch standard: lower-case names, values trimmed
// of HTTP whitespace, repeated names joined with ", " (set-cookie kept apart), iteration sorted
// by name. ctx requests accept it as their headers (runtime/src/ctx/request.ts).

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const INVALID_VALUE = /[\0\r\n]/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

function headerName(name: unknown): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function headerValue(value: unknown): string {
  const text = String(value).replace(HTTP_WHITESPACE, '');
  if (INVALID_VALUE.test(text)) throw new TypeError('Headers: invalid header value');
  return text;
}

type HeadersInit = Headers | Iterable<Iterable<unknown>> | Record<string, unknown>;

export class Headers {
  /** In insertion order; each entry is one append. */
  readonly #list: [string, string][] = [];

  constructor(init?: HeadersInit) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object' && typeof init !== 'function') {
      throw new TypeError('Headers: init must be an object or a sequence of pairs');
    }
    const iterator = (init as Partial<Iterable<unknown>>)[Symbol.iterator];
    if (typeof iterator === 'function') {
      for (const pair of init as Iterable<unknown>) {
        const items =
          pair !== null && typeof pair === 'object' ? [...(pair as Iterable<unknown>)] : null;
        if (!items || items.length !== 2) {
          throw new TypeError('Headers: each header must be a [name, value] pair');
        }
        this.append(items[0] as string, items[1] as string);
      }
      return;
    }
    for (const key of Object.keys(init)) {
      this.append(key, (init as Record<string, unknown>)[key] as string);
    }
  }

  append(name: string, value: string): void {
    this.#list.push([headerName(name), headerValue(value)]);
  }

  delete(name: string): void {
    const lower = headerName(name);
    for (let i = this.#list.length - 1; i >= 0; i--) {
      if (this.#list[i]?.[0] === lower) this.#list.splice(i, 1);
    }
  }

  get(name: string): string | null {
    const lower = headerName(name);
    const values = this.#list.filter(([key]) => key === lower).map(([, value]) => value);
    return values.length === 0 ? null : values.join(', ');
  }

  getSetCookie(): string[] {
    return this.#list.filter(([key]) => key === 'set-cookie').map(([, value]) => value);
  }

  has(name: string): boolean {
    const lower = headerName(name);
    return this.#list.some(([key]) => key === lower);
  }

  set(name: string, value: string): void {
    const lower = headerName(name);
    const normalized = headerValue(value);
    const index = this.#list.findIndex(([key]) => key === lower);
    if (index < 0) {
      this.#list.push([lower, normalized]);
      return;
    }
    this.#list[index] = [lower, normalized];
    for (let i = this.#list.length - 1; i > index; i--) {
      if (this.#list[i]?.[0] === lower) this.#list.splice(i, 1);
    }
  }

  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown) {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    const names = [...new Set(this.#list.map(([key]) => key))].sort();
    for (const name of names) {
      if (name === 'set-cookie') {
        for (const value of this.getSetCookie()) yield [name, value];
      } else {
        yield [name, this.get(name) as string];
      }
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
