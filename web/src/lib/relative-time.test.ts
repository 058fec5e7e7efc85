import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelativeTime } from './relative-time.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [44, 'just now'],
    [45, '1 minute ago'],
    [90, '2 minutes ago'],
    [44 * 60, '44 minutes ago'],
    [45 * 60, '1 hour ago'],
    [3 * 3600, '3 hours ago'],
    [22 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
    [26 * 86400, 'last month'],
    [70 * 86400, '2 months ago'],
    [400 * 86400, 'last year'],
    [3 * 365 * 86400, '3 years ago'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(expected);
  });

  it('reads future times too', () => {
    expect(formatRelativeTime(ago(-2 * 3600), NOW)).toBe('in 2 hours');
  });

  it('accepts Date objects and says "never" for nonsense', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() - 120_000), NOW)).toBe('2 minutes ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('never');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [2400, '2.4 s'],
    [12_400, '12 s'],
    [65_000, '1 min 5 s'],
    [120_000, '2 min'],
    [-1, '—'],
  ])('%i ms reads "%s"', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});
