// Runs this integration outside Patchbay.
//
//   node run.js            run once: exit 0 on success, 1 on failure (for cron and CI)
//   node run.js --every    keep running on the schedule in patchbay.config.json
//                          (RUN_EVERY_MINUTES in the environment overrides the interval)
//   node run.js --report <file>
//                          run once and also write the run as JSON to <file>: status, data,
//                          logs, state changes and error, as Patchbay records a run
//   node run.js --event <file>
//                          run once with ctx.event read from <file> (JSON: { id, receivedAt,
//                          headers, body }), as a webhook delivery would; listen.js receives them
//
// Credentials come from the environment; a .env file next to this one is read first, and
// variables already set in the environment win over it.

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './runtime/config.js';
import { createAuth } from './runtime/credentials.js';
import { captureConsole, log } from './runtime/log.js';
import { describeError, runIntegration } from './runtime/run-integration.js';
import { runOnSchedule } from './runtime/run-on-schedule.js';

const projectDir = dirname(fileURLToPath(import.meta.url));
const stateFile = join(projectDir, 'state.json');

captureConsole();
process.exitCode = await main();
// Exit even when the integration left something open (a timer, a keep-alive socket), but give
// stdout and stderr a moment to drain first.
setTimeout(() => process.exit(), 1000).unref();

async function main() {
  let config, integration, everyMinutes;
  try {
    const envFile = join(projectDir, '.env');
    if (existsSync(envFile)) process.loadEnvFile(envFile);

    config = await loadConfig(join(projectDir, 'patchbay.config.json'));
    everyMinutes = scheduleInterval(config);
    // Fail before the first request when a credential is missing, naming its variable.
    createAuth('source', config.source, process.env);
    createAuth('destination', config.destination, process.env);
  } catch (error) {
    // A setup problem: the message says what to fix, a stack trace would only distract.
    log.error(error.message);
    return 1;
  }
  try {
    integration = (await import('./integration.js')).default;
    if (typeof integration !== 'function') {
      throw new Error('integration.js must `export default async function run(ctx)`');
    }
  } catch (error) {
    log.error(describeError(error));
    return 1;
  }

  let event = null;
  const eventAt = process.argv.indexOf('--event');
  if (eventAt !== -1) {
    try {
      event = await readEvent(process.argv[eventAt + 1]);
    } catch (error) {
      log.error(error.message);
      return 1;
    }
  }

  const runOnce = async (scheduledAt) => {
    const report = await runIntegration({
      integration,
      config,
      env: process.env,
      stateFile,
      scheduledAt,
      event,
    });
    return report.status === 'success';
  };

  const reportAt = process.argv.indexOf('--report');
  if (reportAt !== -1) {
    const reportFile = process.argv[reportAt + 1];
    if (!reportFile) {
      log.error('--report needs a file name: node run.js --report run.json');
      return 1;
    }
    const report = await runIntegration({
      integration,
      config,
      env: process.env,
      stateFile,
      scheduledAt: new Date(),
      event,
    });
    await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    return report.status === 'success' ? 0 : 1;
  }
  if (everyMinutes === null) return (await runOnce(new Date())) ? 0 : 1;

  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      // A second Ctrl-C does not wait for the run in progress.
      if (stop.signal.aborted) process.exit(130);
      log.info(`${signal}: stopping after the current run`);
      stop.abort();
    });
  }
  await runOnSchedule({ everyMinutes, runOnce, signal: stop.signal });
  return 0;
}

/** The loop interval in minutes, or null for a single run. */
function scheduleInterval(config) {
  const fromEnv = process.env.RUN_EVERY_MINUTES;
  if (fromEnv !== undefined && fromEnv !== '') {
    const minutes = Number(fromEnv);
    if (!(minutes > 0)) throw new Error('RUN_EVERY_MINUTES must be a positive number of minutes');
    return minutes;
  }
  if (!process.argv.includes('--every')) return null;
  // A cron schedule is the system cron's job: the README shows the line.
  if (typeof config.schedule.everyMinutes !== 'number') {
    throw new Error(
      `--every needs an interval; this integration runs on the cron schedule "${config.schedule.cron}" (${config.schedule.timeZone}): see the README, or set RUN_EVERY_MINUTES`,
    );
  }
  return config.schedule.everyMinutes;
}

/** ctx.event from a JSON file: the event as ctx.event shows it; id, time and headers may be left out. */
async function readEvent(file) {
  if (!file) throw new Error('--event needs a file name: node run.js --event event.json');
  let event;
  try {
    event = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the event in ${file}: ${error.message}`, { cause: error });
  }
  if (event === null || typeof event !== 'object' || !('body' in event)) {
    throw new Error(`${file} must hold an object with the event's body: { "body": ... }`);
  }
  return {
    id: typeof event.id === 'string' ? event.id : 'manual',
    receivedAt: typeof event.receivedAt === 'string' ? event.receivedAt : new Date().toISOString(),
    headers: event.headers && typeof event.headers === 'object' ? event.headers : {},
    body: event.body,
  };
}
