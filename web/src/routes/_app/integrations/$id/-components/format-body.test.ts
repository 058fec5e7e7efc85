import { describe, expect, it } from 'vitest';
import { formatBody, formatRunError, formatValue } from './format-body.ts';

describe('formatBody', () => {
  it('pretty-prints JSON and leaves other text alone', () => {
    expect(formatBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatBody('plain text')).toBe('plain text');
    expect(formatBody(null)).toBe('');
  });
});

describe('formatValue', () => {
  it('shows JSON, and says when nothing was returned', () => {
    expect(formatValue({ synced: 2 })).toBe('{\n  "synced": 2\n}');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(undefined)).toBe('undefined (nothing returned)');
  });
});

describe('formatRunError', () => {
  it("names the user's line and column", () => {
    expect(
      formatRunError({
        name: 'TypeError',
        message: 'Cannot read properties of undefined',
        line: 3,
        column: 16,
      }),
    ).toBe('TypeError: Cannot read properties of undefined (line 3, column 16)');
  });

  it('does not repeat a name the message already starts with, and copes without a position', () => {
    expect(formatRunError({ name: 'HttpError', message: 'HttpError: 503 from the source' })).toBe(
      'HttpError: 503 from the source',
    );
    expect(formatRunError({ name: 'Error', message: 'boom', line: 7 })).toBe(
      'Error: boom (line 7)',
    );
  });
});
