// A line diff for the replay dialog (ADR 023): the recorded run's writes against the replay's,
// as JSON text. Longest common subsequence over lines: writes are small (bodies of a few
// dozen lines), so the quadratic table is cheap, and the result reads like `diff -u`.

export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** The lines of `before` and `after`, each marked same, removed (only before) or added (only after). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i -= 1) {
    const row = common[i] as number[];
    const below = common[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j -= 1) {
      row[j] =
        a[i] === b[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] as string });
      i += 1;
      j += 1;
    } else if ((common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: a[i] as string });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: b[j] as string });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) lines.push({ kind: 'removed', text: a[i] as string });
  for (; j < b.length; j += 1) lines.push({ kind: 'added', text: b[j] as string });
  return lines;
}
