// Log lines with a timestamp and a level: ctx.log, console.* in the integration, and the
// runtime's own messages all go through here. info and debug go to stdout, warn and error to
// stderr, so `node run.js >> run.log 2>&1` keeps everything in order.

import { createConsole, formatLogArgs } from './patchbay-runtime.js';

/** @typedef {import('./patchbay-runtime.js').LogLevel} Level */

/** @type {((level: Level, message: string) => void) | null} */
let listener = null;

/**
 * Writes one line. The arguments are formatted as on Patchbay (formatLogArgs), so a run logs
 * the same text in both places.
 *
 * @param {Level} level
 * @param {unknown[]} args Formatted like console.log's arguments.
 */
export function writeLog(level, args) {
  const message = formatLogArgs(args);
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}\n`;
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line);
}

/**
 * A line the integration itself logged (ctx.log, console.*): written, and passed to the run's
 * listener (see run-integration.js's report).
 *
 * @param {Level} level
 * @param {unknown[]} args
 */
export function writeIntegrationLog(level, args) {
  writeLog(level, args);
  listener?.(level, formatLogArgs(args));
}

/** @param {((level: Level, message: string) => void) | null} next */
export function onIntegrationLog(next) {
  listener = next;
}

export const log = {
  /** @param {unknown[]} args */
  debug: (...args) => writeLog('debug', args),
  /** @param {unknown[]} args */
  info: (...args) => writeLog('info', args),
  /** @param {unknown[]} args */
  warn: (...args) => writeLog('warn', args),
  /** @param {unknown[]} args */
  error: (...args) => writeLog('error', args),
};

/** The integration's console.* calls become log lines, as Patchbay's sandbox captures them. */
export function captureConsole() {
  Object.assign(console, createConsole(writeIntegrationLog));
}
