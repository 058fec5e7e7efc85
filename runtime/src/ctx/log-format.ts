import {
  jsonStringify,
  NativeError,
  NativeMap,
  NativeSet,
  NativeWeakSet,
  toStr,
} from './intrinsics.ts';

// ctx.log and the integration's console: every host formats a log line the same
// way, so a run logs the same text on Patchbay and in an exported project.

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** The file name the user's module has in stack frames, on every host. */
export const INTEGRATION_FILE = 'integration.js';

/** A stack's message lines and the user's own frames; the runtime's frames say nothing useful. */
export function userStack(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => !/^\s+at /.test(line) || line.includes(`${INTEGRATION_FILE}:`))
    .join('\n');
}

/** The user's frames of a stack captured where the code called ctx. */
export function callerFrames(site: Error): string {
  const stack = site.stack;
  if (typeof stack !== 'string') return '';
  const newline = stack.indexOf('\n');
  return newline < 0 ? '' : userStack(stack.slice(newline + 1));
}

export function describe(value: unknown, seen: WeakSet<object>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `[Function: ${value.name || '(anonymous)'}]`;
  if (value === null || typeof value !== 'object') return toStr(value);
  if (value instanceof NativeError) {
    return typeof value.stack === 'string'
      ? userStack(value.stack)
      : `${value.name}: ${value.message}`;
  }
  return jsonStringify(value, (key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'function') return `[Function: ${item.name || '(anonymous)'}]`;
    if (typeof item === 'symbol') return item.toString();
    if (item === undefined) return key === '' ? 'undefined' : undefined;
    if (item instanceof NativeError) return `${item.name}: ${item.message}`;
    if (item instanceof NativeMap) return [...item];
    if (item instanceof NativeSet) return [...item];
    if (item !== null && typeof item === 'object') {
      if (seen.has(item)) return '[Circular]';
      seen.add(item);
    }
    return item;
  });
}

/** Like console.log's formatting: %s %d %i %f %j %o %O %c %% in a first string, then spaces. */
export function formatLogArgs(args: unknown[]): string {
  const parts: string[] = [];
  let rest = args;
  const head = args[0];
  if (typeof head === 'string' && args.length > 1 && head.includes('%')) {
    let index = 1;
    const first = head.replace(/%([sdifjoOc%])/g, (match, letter: string) => {
      if (letter === '%') return '%';
      if (index >= args.length) return match;
      const value = args[index++];
      if (letter === 'c') return '';
      if (letter === 'd' || letter === 'i') {
        return typeof value === 'bigint'
          ? `${value}n`
          : toStr(letter === 'i' ? parseInt(value as string) : Number(value));
      }
      if (letter === 'f') return toStr(parseFloat(value as string));
      return describe(value, new NativeWeakSet());
    });
    parts.push(first);
    rest = args.slice(index);
  } else if (args.length > 0) {
    parts.push(describe(args[0], new NativeWeakSet()));
    rest = args.slice(1);
  }
  for (const arg of rest) parts.push(describe(arg, new NativeWeakSet()));
  return parts.join(' ');
}

/**
 * The integration's console: each call becomes one formatted line at a level. `emit` is the
 * host's; it receives the arguments unformatted so it can apply its own limits first.
 */
export function createConsole(emit: (level: LogLevel, args: unknown[]) => void) {
  const console: Record<string, (...args: unknown[]) => void> = {
    log: (...args) => emit('log', args),
    info: (...args) => emit('info', args),
    warn: (...args) => emit('warn', args),
    error: (...args) => emit('error', args),
    debug: (...args) => emit('debug', args),
    trace: (...args) => emit('debug', ['Trace:', ...args, `\n${callerFrames(new NativeError())}`]),
    dir: (value) => emit('log', [value]),
    table: (value) => emit('log', [value]),
    assert: (condition, ...args) => {
      if (!condition) emit('error', ['Assertion failed', ...args]);
    },
  };
  for (const name of [
    'group',
    'groupCollapsed',
    'groupEnd',
    'time',
    'timeEnd',
    'timeLog',
    'count',
  ]) {
    console[name] = () => {};
  }
  return console;
}
