// Log lines with a timestamp and a level: ctx.log, console.* in the integration, and the
// runtime's own messages all go through here. info and debug go to stdout, warn and error to
// stderr, so `node run.js >> run.log 2>&1` keeps everything in order.

import { format } from 'node:util';

/** @typedef {'debug' | 'info' | 'warn' | 'error'} Level */

/**
 * @param {Level} level
 * @param {unknown[]} args Formatted like console.log's arguments.
 */
export function writeLog(level, args) {
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${format(...args)}\n`;
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line);
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

/** Routes console.log/info/warn/error/debug through writeLog, for the integration's own logs. */
export function captureConsole() {
  console.log = log.info;
  console.info = log.info;
  console.debug = log.debug;
  console.warn = log.warn;
  console.error = log.error;
}
