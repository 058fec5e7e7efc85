import type { TCapturedWrite, TPlanWrite } from '@patchbay/schema';

// The dry run after a plan is saved shows the first records as the destination would receive
// them, field by field in the plan's mapping order: the quickest
// way to see whether a corrected field now holds the right value.

export interface DryRunRecord {
  fields: { name: string; value: string }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A dotted path into a value; `emails.0.value` reaches into arrays as the generated code does. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

/** A value in one line: text as it is, anything else as compact JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The records one captured body holds: one, or a batch's items. */
function recordsOf(body: unknown, write: TPlanWrite): { outer: unknown; record: unknown }[] {
  let outer = body;
  if (write.kind === 'graphql' && isObject(outer)) outer = outer.variables;
  const items =
    write.batch && isObject(outer) && Array.isArray(outer[write.batch.itemsField])
      ? (outer[write.batch.itemsField] as unknown[])
      : [outer];
  return items.map((item) => {
    let record = item;
    if (write.envelope) record = valueAt(record, write.envelope);
    if (write.container && write.container.kind !== 'values-array')
      record = valueAt(record, write.container.field);
    return { outer: write.envelope ? valueAt(item, write.envelope) : item, record };
  });
}

/**
 * The first `limit` records the destination would receive, each as the mapped fields' values.
 * A sheet's rows are read by column; other writes by each rule's destination path.
 */
export function dryRunRecords(
  captured: readonly TCapturedWrite[],
  write: TPlanWrite,
  limit = 5,
): DryRunRecord[] {
  const writes = captured.filter((entry) => entry.side === 'destination');
  const out: DryRunRecord[] = [];
  for (const entry of writes) {
    if (write.container?.kind === 'values-array') {
      const rows = valueAt(entry.body, write.container.field);
      for (const row of Array.isArray(rows) ? rows : []) {
        const cells: unknown[] = Array.isArray(row) ? row : [];
        out.push({
          fields: (write.columns ?? []).map((name, index) => ({
            name,
            value: showValue(cells[index]),
          })),
        });
      }
    } else if (write.message) {
      // A message is its text (and where it goes), not a mapping.
      const { textField, channelField } = write.message;
      out.push({
        fields: [channelField, textField]
          .filter((name): name is string => name !== undefined)
          .map((name) => ({ name, value: showValue(valueAt(entry.body, name)) })),
      });
    } else {
      for (const { outer, record } of recordsOf(entry.body, write)) {
        out.push({
          fields: write.mapping.map((rule) => ({
            name: rule.to,
            value: showValue(valueAt(rule.top ? outer : record, rule.to)),
          })),
        });
      }
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}
