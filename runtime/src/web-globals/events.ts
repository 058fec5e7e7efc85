// DOMException, Event, EventTarget, AbortController and AbortSignal for the sandbox (ADR 030):
// small enough to write here, following the DOM standard for what integration code uses (no
// capture phase or event path: there is no tree of targets).

const LEGACY_CODES: Record<string, number> = {
  IndexSizeError: 1,
  HierarchyRequestError: 3,
  WrongDocumentError: 4,
  InvalidCharacterError: 5,
  NoModificationAllowedError: 7,
  NotFoundError: 8,
  NotSupportedError: 9,
  InvalidStateError: 11,
  SyntaxError: 12,
  InvalidModificationError: 13,
  NamespaceError: 14,
  InvalidAccessError: 15,
  TypeMismatchError: 17,
  SecurityError: 18,
  NetworkError: 19,
  AbortError: 20,
  URLMismatchError: 21,
  QuotaExceededError: 22,
  TimeoutError: 23,
  InvalidNodeTypeError: 24,
  DataCloneError: 25,
};

export class DOMException extends Error {
  readonly code: number;
  constructor(message = '', name = 'Error') {
    super(String(message));
    Object.defineProperty(this, 'name', {
      value: String(name),
      configurable: true,
      writable: true,
      enumerable: false,
    });
    this.code = Object.hasOwn(LEGACY_CODES, this.name) ? (LEGACY_CODES[this.name] ?? 0) : 0;
  }
}

/** Whether a listener called stopImmediatePropagation (set in Event's static block). */
let isStopped: (event: Event) => boolean;

interface EventInit {
  bubbles?: boolean;
  cancelable?: boolean;
  composed?: boolean;
}

export class Event {
  readonly type: string;
  readonly bubbles: boolean;
  readonly cancelable: boolean;
  readonly composed: boolean;
  readonly timeStamp = Date.now();
  readonly isTrusted = false;
  defaultPrevented = false;
  target: EventTarget | null = null;
  currentTarget: EventTarget | null = null;
  #stopped = false;

  constructor(type: string, init: EventInit = {}) {
    if (arguments.length === 0) throw new TypeError('Event: the type argument is required');
    this.type = String(type);
    this.bubbles = Boolean(init?.bubbles);
    this.cancelable = Boolean(init?.cancelable);
    this.composed = Boolean(init?.composed);
  }

  preventDefault(): void {
    if (this.cancelable) this.defaultPrevented = true;
  }
  stopImmediatePropagation(): void {
    this.#stopped = true;
  }
  stopPropagation(): void {}

  static {
    isStopped = (event) => event.#stopped;
  }
}

type Listener = ((event: Event) => unknown) | { handleEvent(event: Event): unknown };

interface ListenerEntry {
  listener: Listener;
  once: boolean;
  removed: boolean;
}

export class EventTarget {
  readonly #listeners = new Map<string, ListenerEntry[]>();

  addEventListener(
    type: string,
    listener: Listener | null,
    options?: boolean | { once?: boolean; signal?: AbortSignal },
  ): void {
    if (listener === null || listener === undefined) return;
    const once = typeof options === 'object' && options !== null && Boolean(options.once);
    const signal = typeof options === 'object' && options !== null ? options.signal : undefined;
    if (signal?.aborted) return;
    const entries = this.#listeners.get(String(type)) ?? [];
    if (entries.some((entry) => entry.listener === listener)) return;
    const entry = { listener, once, removed: false };
    entries.push(entry);
    this.#listeners.set(String(type), entries);
    signal?.addEventListener('abort', () => this.removeEventListener(type, listener));
  }

  removeEventListener(type: string, listener: Listener | null): void {
    const entries = this.#listeners.get(String(type));
    if (!entries) return;
    const index = entries.findIndex((entry) => entry.listener === listener);
    if (index < 0) return;
    const [entry] = entries.splice(index, 1);
    if (entry) entry.removed = true;
  }

  dispatchEvent(event: Event): boolean {
    if (!(event instanceof Event)) {
      throw new TypeError('EventTarget.dispatchEvent: the argument must be an Event');
    }
    event.target = this;
    event.currentTarget = this;
    for (const entry of [...(this.#listeners.get(event.type) ?? [])]) {
      if (entry.removed) continue;
      if (entry.once) this.removeEventListener(event.type, entry.listener);
      const { listener } = entry;
      // As in browsers, a throwing listener does not stop the others; its error is reported
      // as unhandled (the run fails with it), after this dispatch.
      try {
        if (typeof listener === 'function') listener.call(this, event);
        else listener.handleEvent(event);
      } catch (error) {
        void Promise.reject(error);
      }
      if (isStopped(event)) break;
    }
    event.currentTarget = null;
    return !event.defaultPrevented;
  }
}

/** Starts a timer in the run's clock: the sandbox's setTimeout. */
export type ScheduleTimer = (callback: () => void, delayMs: number) => unknown;

let scheduleTimer: ScheduleTimer | null = null;
/** Set once, when the timers are installed. */
export function useTimers(schedule: ScheduleTimer): void {
  scheduleTimer = schedule;
}

const INTERNAL = Symbol('AbortSignal constructor');
// Set in AbortSignal's static block: module functions, so no non-standard member is public.
let signalAbort: (signal: AbortSignal, reason: unknown) => void;
let createSignal: () => AbortSignal;

export class AbortSignal extends EventTarget {
  #aborted = false;
  #reason: unknown = undefined;
  #onabort: ((event: Event) => unknown) | null = null;
  #onabortListening = false;

  // An event handler runs in the order it was first set among the listeners, as in the DOM.
  get onabort(): ((event: Event) => unknown) | null {
    return this.#onabort;
  }
  set onabort(handler: ((event: Event) => unknown) | null) {
    this.#onabort = typeof handler === 'function' ? handler : null;
    if (this.#onabortListening) return;
    this.#onabortListening = true;
    this.addEventListener('abort', (event) => this.#onabort?.call(this, event));
  }

  constructor(key?: symbol) {
    if (key !== INTERNAL) throw new TypeError('Illegal constructor');
    super();
  }

  get aborted(): boolean {
    return this.#aborted;
  }
  get reason(): unknown {
    return this.#reason;
  }

  throwIfAborted(): void {
    if (this.#aborted) throw this.#reason;
  }

  static {
    signalAbort = (signal, reason) => AbortSignal.#abort(signal, reason);
    createSignal = () => new AbortSignal(INTERNAL);
  }

  static #abort(signal: AbortSignal, reason: unknown): void {
    if (signal.#aborted) return;
    signal.#aborted = true;
    signal.#reason =
      reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    signal.dispatchEvent(new Event('abort'));
  }

  static abort(reason?: unknown): AbortSignal {
    const signal = new AbortSignal(INTERNAL);
    signalAbort(signal, reason);
    return signal;
  }

  static timeout(ms: number): AbortSignal {
    const delay = Number(ms);
    if (!Number.isFinite(delay) || delay < 0) {
      throw new TypeError('AbortSignal.timeout: the delay must be a finite number of 0 or more');
    }
    const signal = new AbortSignal(INTERNAL);
    if (!scheduleTimer) throw new TypeError('AbortSignal.timeout: timers are not available');
    scheduleTimer(() => {
      signalAbort(
        signal,
        new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      );
    }, delay);
    return signal;
  }

  static any(signals: Iterable<AbortSignal>): AbortSignal {
    const result = new AbortSignal(INTERNAL);
    const list = [...signals];
    for (const signal of list) {
      if (!(signal instanceof AbortSignal)) {
        throw new TypeError('AbortSignal.any: every item must be an AbortSignal');
      }
    }
    const already = list.find((signal) => signal.aborted);
    if (already) {
      signalAbort(result, already.reason);
      return result;
    }
    for (const signal of list) {
      signal.addEventListener('abort', () => signalAbort(result, signal.reason), {
        once: true,
      });
    }
    return result;
  }
}

export class AbortController {
  readonly signal = createSignal();
  abort(reason?: unknown): void {
    signalAbort(this.signal, reason);
  }
}
