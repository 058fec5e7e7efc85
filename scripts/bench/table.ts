export interface BenchRow {
  name: string;
  p50: number;
  p95?: number;
  p99?: number;
  note?: string;
  /** When set, p50 is a plain figure in this unit (e.g. 'runs/min', 'MiB'), not milliseconds. */
  unit?: string;
  /** The row is a round trip through Temporal: print it as a multiple of the raw floor too. */
  temporal?: boolean;
}

/** The row every Temporal round trip is compared with (temporal-floor.ts). */
export const FLOOR_ROW = 'Temporal raw floor: empty workflow + 1 no-op activity';

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summarize(samples: number[]): Pick<BenchRow, 'p50' | 'p95' | 'p99'> {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
  };
}

/** A duration as the tables print it: ms below a second, else seconds. */
export function ms(value: number | undefined): string {
  if (value === undefined) return '';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
}

/** Columns padded to their widest cell under a header and a rule; the lines, not printed. */
export function formatColumns(header: string[], body: string[][]): string[] {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(format)];
}

/** A plain-text table: one row per measurement. */
export function printTable(rows: BenchRow[]): void {
  const floor = rows.find((row) => row.name === FLOOR_ROW)?.p50;
  const ratio = (row: BenchRow) =>
    row.temporal && floor ? `${(row.p50 / floor).toFixed(1)}×` : '';
  const header = ['measurement', 'p50', 'p95', 'p99', 'p50 / floor', 'note'];
  const body = rows.map((row) =>
    row.unit
      ? [row.name, `${row.p50.toFixed(1)} ${row.unit}`, '', '', '', row.note ?? '']
      : [row.name, ms(row.p50), ms(row.p95), ms(row.p99), ratio(row), row.note ?? ''],
  );
  console.log(`\n${formatColumns(header, body).join('\n')}`);
}
