/** A body for display: JSON pretty-printed when it parses, otherwise as sent. */
export function formatBody(body: string | null): string {
  if (body === null || body === '') return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Any returned value for display; undefined (nothing returned) reads as such. */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'undefined (nothing returned)';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

interface RunErrorLike {
  name: string;
  message: string;
  line?: number;
  column?: number;
}

/** 'TypeError: x is not a function (line 4, column 12)' — the user's own position (ADR 012). */
export function formatRunError(error: RunErrorLike): string {
  const where =
    error.line !== undefined
      ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})`
      : '';
  const name = error.name && !error.message.startsWith(error.name) ? `${error.name}: ` : '';
  return `${name}${error.message}${where}`;
}
