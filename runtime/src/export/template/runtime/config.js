// Reads patchbay.config.json: the two APIs (name, base URL, auth type and its settings) and the
// schedule. It holds no secrets; those come from the environment (see credentials.js).

import { readFile } from 'node:fs/promises';
import { AUTH_TYPES } from './credentials.js';

/**
 * @typedef {object} Config
 * @property {string} name
 * @property {import('./credentials.js').Connection} source
 * @property {import('./credentials.js').Connection} destination
 * @property {{ everyMinutes: number } | { cron: string, timeZone: string }} schedule
 */

/**
 * @param {string} file
 * @returns {Promise<Config>}
 */
export async function loadConfig(file) {
  let config;
  try {
    config = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${error.message}`, { cause: error });
  }
  const problem = (message) => new Error(`${file}: ${message}`);

  for (const role of ['source', 'destination']) {
    const connection = config?.[role];
    if (typeof connection?.name !== 'string') throw problem(`${role}.name must be a string`);
    if (!isHttpUrl(connection.baseUrl)) {
      throw problem(`${role}.baseUrl must be an absolute http(s) URL`);
    }
    if (!AUTH_TYPES.includes(connection.authType)) {
      throw problem(`${role}.authType must be one of ${AUTH_TYPES.join(', ')}`);
    }
    connection.authConfig ??= {};
    const { tokenUrl } = connection.authConfig;
    if (tokenUrl !== undefined && !isHttpUrl(tokenUrl)) {
      throw problem(`${role}.authConfig.tokenUrl must be an absolute http(s) URL`);
    }
  }
  // An interval, or a cron expression and zone, which the system's cron keeps.
  const schedule = config.schedule;
  if (typeof schedule?.cron === 'string') {
    if (typeof schedule.timeZone !== 'string') throw problem('schedule.timeZone must be a string');
  } else if (typeof schedule?.everyMinutes !== 'number' || !(schedule.everyMinutes > 0)) {
    throw problem('schedule.everyMinutes must be a positive number');
  }
  return config;
}

/** @param {unknown} value */
function isHttpUrl(value) {
  return (
    typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
  );
}
