// "3 minutes ago", "yesterday": the dashboard's 'Last run', the list's 'Created' column and the
// run history. Plain function so it is tested without a browser.

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago (or until) `value` is, relative to `now`. Under 45 seconds either way reads
 * 'just now'; larger spans round to the nearest minute, hour, day, month or year, switching
 * units at the usual thresholds (45 min → hours, 22 h → days, 26 days → months, 11 months →
 * years). An unparseable date reads 'never'.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return 'never';
  const seconds = (time - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 45 * MINUTE) return formatter.format(roundAway(seconds / MINUTE), 'minute');
  if (abs < 22 * HOUR) return formatter.format(roundAway(seconds / HOUR), 'hour');
  if (abs < 26 * DAY) return formatter.format(roundAway(seconds / DAY), 'day');
  if (abs < 11 * MONTH) return formatter.format(roundAway(seconds / MONTH), 'month');
  return formatter.format(roundAway(seconds / YEAR), 'year');
}

/** Rounds half away from zero and never yields 0, so "-0.6 minutes" is "1 minute ago". */
function roundAway(amount: number): number {
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount));
  return rounded === 0 ? Math.sign(amount) || 1 : rounded;
}

/** The exact moment, for a tooltip or `title` beside a relative time. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A run's duration: '850 ms', '2.4 s', '1 min 5 s'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}
