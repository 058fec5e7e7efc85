import { getPath, type MockRecord } from './store.ts';

// The description mock's reading of what a list request asks for beyond paging: query-language
// WHERE clauses, search filters in a POST body, and times in the forms `since` parameters take.

/**
 * The WHERE conditions of a query-language text ("SELECT … WHERE Status = 'Open' AND Amount > 5
 * ORDER BY …", JQL "project = OPS AND status != Done"): `=`, `!=`, `<>`, `<`, `>`, `<=`, `>=`,
 * `IN (…)` and `NOT IN (…)` joined by AND. Anything else is ignored, as a lenient API would.
 */
export function whereConditions(text: string, jql = false): Array<(record: MockRecord) => boolean> {
  const where = jql ? text : (/\bwhere\b([\s\S]*)$/i.exec(text)?.[1] ?? '');
  const body = where.split(/\border\s+by\b|\blimit\b|\bmaxresults\b/i)[0] ?? '';
  const conditions: Array<(record: MockRecord) => boolean> = [];
  for (const part of body.split(/\s+and\s+/i)) {
    const m =
      /^\s*([\w.]+)\s*(!=|<>|<=|>=|=|<|>|not\s+in|in)\s*(\([^)]*\)|'[^']*'|"[^"]*"|[^\s)]+)\s*$/i.exec(
        part,
      );
    if (!m) continue;
    const [, field = '', rawOperator = '', rawValue = ''] = m;
    const operator = rawOperator.toLowerCase().replace(/\s+/g, ' ');
    const unquote = (v: string) => v.trim().replace(/^['"]|['"]$/g, '');
    const values = rawValue.startsWith('(')
      ? rawValue.slice(1, -1).split(',').map(unquote)
      : [unquote(rawValue)];
    const read = (record: MockRecord) => {
      const value = getPath(record, field) ?? getPath(record, `fields.${field}`);
      if (value && typeof value === 'object') {
        const named = value as Record<string, unknown>;
        return named.key ?? named.name ?? named.value ?? named.id;
      }
      return value;
    };
    const same = (a: unknown, b: string) => String(a ?? '').toLowerCase() === b.toLowerCase();
    conditions.push((record) => {
      const value = read(record);
      switch (operator) {
        case '=':
          return same(value, values[0] ?? '');
        case '!=':
        case '<>':
          return !same(value, values[0] ?? '');
        case 'in':
          return values.some((v) => same(value, v));
        case 'not in':
          return !values.some((v) => same(value, v));
        default: {
          const [x, y] = [Number(value), Number(values[0])];
          const [a, b] =
            Number.isFinite(x) && Number.isFinite(y)
              ? [x, y]
              : [String(value ?? ''), values[0] ?? ''];
          if (operator === '<') return a < b;
          if (operator === '>') return a > b;
          if (operator === '<=') return a <= b;
          return a >= b;
        }
      }
    });
  }
  return conditions;
}

/** `{ filterGroups: [{ filters: [{ propertyName, value }] }] }` and `{ query: { field, value } }` pairs. */
export function collectFilters(body: unknown): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as MockRecord;
      const field = record.propertyName ?? record.field;
      if (typeof field === 'string' && record.value !== undefined) out.push([field, record.value]);
      Object.values(record).forEach(walk);
    }
  };
  walk(body);
  return out;
}

/** Milliseconds since the epoch for a date-time, date or unix time; null for none. */
export function toTime(value: unknown, format: string | undefined): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (
    format === 'unix-time' ||
    (typeof value === 'number' && value < 1e11) ||
    /^\d{9,10}(\.\d+)?$/.test(String(value))
  ) {
    return Number(value) * 1000;
  }
  const time = Date.parse(String(value));
  return Number.isNaN(time) ? null : time;
}
