// `npm run bench -- --quick`: every row at a small size (under five minutes), so anyone can
// check a change; the full size is the one to quote.
export const QUICK = process.argv.includes('--quick');

/** The number of samples (or seconds, or schedules) for a row: full size, or the quick one. */
export function size(full: number, quick: number): number {
  return QUICK ? quick : full;
}
